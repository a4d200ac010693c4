// cumed-io-benchmark: ReadDicomCtSeries on a CT series directory with one thread and with all,
// median seconds of the header scan, the pixel decode and the whole read, and the ratio; checks
// that both reads gave the same voxels. For reference it also times the decode as ITK's reader
// pipeline does it, one slice after the other (ImageFileReader + GDCMImageIO per file).
//
//   cumed-io-benchmark --ct DIR [--repeat N] [--threads N] [--no-reference]
#include "cumed/benchmark/Table.h"
#include "cumed/core/Timer.h"
#include "cumed/io/DicomSeriesReader.h"

#include <itkGDCMImageIO.h>
#include <itkImageFileReader.h>
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using cumed::benchmark::Median;

struct Settings {
  std::string ct;
  int repeat = 10;
  int threads = 0; ///< 0: omp_get_max_threads()
  bool reference = true;
};

struct Timing {
  int threads = 0;
  double header = 0, decode = 0, total = 0; ///< medians, seconds
  cumed::io::HounsfieldImage::Pointer image;
};

Timing TimeRead(const Settings& settings, int threads) {
  std::vector<double> header, decode, total;
  Timing timing;
  for (int run = 0; run < settings.repeat; ++run) {
    cumed::io::DicomReadReport report;
    cumed::io::DicomReadOptions options;
    options.threads = threads;
    options.timing = &report;
    timing.image = cumed::io::ReadDicomCtSeries(settings.ct, options).image;
    header.push_back(report.headerSeconds);
    decode.push_back(report.decodeSeconds);
    total.push_back(report.totalSeconds);
    timing.threads = report.threads;
  }
  timing.header = Median(header);
  timing.decode = Median(decode);
  timing.total = Median(total);
  return timing;
}

// The decode as the reader did it before it decoded in parallel: ITK's pipeline, slice by slice.
double TimePipelineDecode(const Settings& settings, const std::vector<std::string>& files) {
  std::vector<double> seconds;
  for (int run = 0; run < settings.repeat; ++run) {
    const cumed::Stopwatch watch;
    for (const std::string& file : files) {
      auto reader = itk::ImageFileReader<itk::Image<float, 2>>::New();
      reader->SetImageIO(itk::GDCMImageIO::New());
      reader->SetFileName(file);
      reader->Update();
    }
    seconds.push_back(watch.elapsedSeconds());
  }
  return Median(seconds);
}

bool SameVoxels(const cumed::io::HounsfieldImage& a, const cumed::io::HounsfieldImage& b) {
  const auto size = a.GetLargestPossibleRegion().GetSize();
  if (size != b.GetLargestPossibleRegion().GetSize()) return false;
  return std::equal(a.GetBufferPointer(), a.GetBufferPointer() + size[0] * size[1] * size[2],
                    b.GetBufferPointer());
}

int Usage(const char* program) {
  std::fprintf(stderr, "usage: %s --ct DIR [--repeat N] [--threads N] [--no-reference]\n", program);
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  Settings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool hasValue = i + 1 < argc;
    if (arg == "--ct" && hasValue) {
      settings.ct = argv[++i];
    } else if (arg == "--repeat" && hasValue) {
      settings.repeat = std::atoi(argv[++i]);
    } else if (arg == "--threads" && hasValue) {
      settings.threads = std::atoi(argv[++i]);
    } else if (arg == "--no-reference") {
      settings.reference = false;
    } else {
      return Usage(argv[0]);
    }
  }
  if (settings.ct.empty() || settings.repeat < 1 || settings.threads < 0) return Usage(argv[0]);
  const int all = settings.threads > 0 ? settings.threads : omp_get_max_threads();

  try {
    // Warm-up: the file system cache, DCMTK's dictionary, OpenMP's thread pool.
    const cumed::io::CtSeries series = cumed::io::ReadDicomCtSeries(settings.ct);
    const auto size = series.image->GetLargestPossibleRegion().GetSize();
    std::printf("cumed-io-benchmark: %s, %zu x %zu x %zu, median of %d reads; threads: 1 and %d "
                "(omp_get_max_threads() %d)\n\n",
                settings.ct.c_str(), size[0], size[1], size[2], settings.repeat, all,
                omp_get_max_threads());
    const Timing one = TimeRead(settings, 1);
    const Timing many = TimeRead(settings, all);
    std::printf("| threads | header scan s | decode s | total s |\n");
    std::printf("|--------:|--------------:|---------:|--------:|\n");
    for (const Timing* t : {&one, &many})
      std::printf("| %7d | %13.4f | %8.4f | %7.4f |\n", t->threads, t->header, t->decode, t->total);
    std::printf("\nratio 1 thread / %d threads: header scan %.2fx, decode %.2fx, total %.2fx\n",
                all, one.header / many.header, one.decode / many.decode, one.total / many.total);
    const bool same = SameVoxels(*one.image, *many.image);
    std::printf("voxels of the 1-thread and %d-thread reads: %s\n", all,
                same ? "identical" : "DIFFERENT");
    if (settings.reference)
      std::printf("reference: ITK ImageFileReader per slice, one thread (the previous decode): "
                  "%.4f s\n",
                  TimePipelineDecode(settings, series.info.files));
    return same ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "cumed-io-benchmark: %s\n", error.what());
    return 1;
  }
}
