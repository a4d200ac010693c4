// cumed-morphology-benchmark: CuMed CUDA (device-resident, and with host transfers), CuMed CPU and
// ITK on the same CT volumes in one run; prints a Markdown table with ratios and checks that every
// implementation produced the same voxels.
//
//   cumed-morphology-benchmark --ct DIR_OR_FILE [--repeat N] [--itk-max-radius R] [--no-itk]
//                              [--tall-slices N] [--only NAME_PART[,NAME_PART...]]
#include "cumed/benchmark/MirroredTiling.h"
#include "cumed/benchmark/PinnedRoundTrip.h"
#include "cumed/benchmark/Table.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Image.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Timer.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <itkBinaryDilateImageFilter.h>
#include <itkFlatStructuringElement.h>
#include <itkGrayscaleDilateImageFilter.h>
#include <itkGrayscaleErodeImageFilter.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkImageFileReader.h>
#include <itkMultiThreaderBase.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace {

using cumed::benchmark::Median;
using cumed::benchmark::Ms;
using cumed::benchmark::PinnedRoundTripSeconds;
using cumed::benchmark::Ratio;

using namespace cumed::morphology;
using ItkImage = itk::Image<std::int16_t, 3>;
using MaskImage = itk::Image<std::uint8_t, 3>;
using Kernel = itk::FlatStructuringElement<3>;

struct Settings {
  std::string ct;
  int repeat = 20;
  int itkMaxRadius = 4;
  bool itk = true;
  std::size_t tallSlices = 300;
  std::vector<std::string> only; ///< run only workloads whose name contains one of these
};

struct Volume {
  std::string name;
  std::array<std::size_t, 3> size;
  std::vector<std::int16_t> hu;
};

struct Workload {
  std::string name;
  bool binary;
  GrayscaleOperation operation;
  std::array<int, 3> radius;
  bool box;
};

Volume LoadCt(const std::string& path) {
  ItkImage::Pointer image;
  if (std::filesystem::is_directory(path))
    image = cumed::io::ReadDicomCtSeries(path).image;
  else
    image = itk::ReadImage<ItkImage>(path);
  const auto s = image->GetLargestPossibleRegion().GetSize();
  Volume v{"CT " + std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]),
           {s[0], s[1], s[2]},
           {}};
  v.hu.assign(image->GetBufferPointer(), image->GetBufferPointer() + s[0] * s[1] * s[2]);
  return v;
}

/// A taller volume made of the CT's slices mirrored back and forth (real anatomy, any depth).
Volume Tall(const Volume& ct, std::size_t slices) {
  Volume v{"CT mirrored to " + std::to_string(ct.size[0]) + "x" + std::to_string(ct.size[1]) + "x" +
               std::to_string(slices),
           {ct.size[0], ct.size[1], slices},
           {}};
  const std::size_t plane = ct.size[0] * ct.size[1], depth = ct.size[2];
  v.hu.resize(plane * slices);
  for (std::size_t z = 0; z < slices; ++z) {
    const auto source = static_cast<std::size_t>(cumed::benchmark::MirroredIndex(
        static_cast<std::int64_t>(z), static_cast<std::int64_t>(depth)));
    std::memcpy(&v.hu[z * plane], &ct.hu[source * plane], plane * sizeof(std::int16_t));
  }
  return v;
}

StructuringElement ElementOf(const Workload& w) {
  return w.box ? StructuringElement::Box(w.radius) : StructuringElement::Ball(w.radius);
}

template <class T>
typename itk::Image<T, 3>::Pointer ToItk(const std::vector<T>& v,
                                         const std::array<std::size_t, 3>& size) {
  auto image = itk::Image<T, 3>::New();
  image->SetRegions(typename itk::Image<T, 3>::SizeType{{size[0], size[1], size[2]}});
  image->Allocate();
  std::copy(v.begin(), v.end(), image->GetBufferPointer());
  return image;
}

/// Runs CuMed on host views with a backend; returns seconds (median of `runs`).
template <class T>
double TimeHost(const std::vector<T>& in, std::vector<T>& out,
                const std::array<std::size_t, 3>& size, const Workload& w, cumed::Backend backend,
                int runs) {
  cumed::ImageGeometry g;
  g.size = size;
  const StructuringElement element = ElementOf(w);
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const cumed::Stopwatch watch;
    if (w.binary) {
      BinaryOptions o;
      o.backend = backend;
      o.foreground = 1;
      Binary<T>({in.data(), g, cumed::MemoryLocation::Host},
                {out.data(), g, cumed::MemoryLocation::Host}, element, BinaryOperation::Dilate, o);
    } else {
      GrayscaleOptions o;
      o.backend = backend;
      Grayscale<T>({in.data(), g, cumed::MemoryLocation::Host},
                   {out.data(), g, cumed::MemoryLocation::Host}, element, w.operation, o);
    }
    times.push_back(watch.elapsedSeconds());
  }
  return Median(times);
}

/// Data already on the device: `repeat` operations queued on one stream, time per operation.
template <class T>
double TimeDeviceResident(const std::vector<T>& in, const std::array<std::size_t, 3>& size,
                          const Workload& w, int repeat) {
  cumed::ImageGeometry g;
  g.size = size;
  cumed::Image host =
      cumed::Image::Allocate(cumed::PixelTypeOf<T>(), g, cumed::MemoryLocation::Host);
  std::copy(in.begin(), in.end(), host.view<T>().data);
  const cumed::Image device = host.toDevice();
  cumed::Image result =
      cumed::Image::Allocate(cumed::PixelTypeOf<T>(), g, cumed::MemoryLocation::Device);
  const StructuringElement element = ElementOf(w);
  cumed::Stream stream;
  const auto once = [&] {
    if (w.binary) {
      BinaryOptions o;
      o.backend = cumed::Backend::CUDA;
      o.foreground = 1;
      o.stream = &stream;
      Binary<T>(device.view<T>(), result.view<T>(), element, BinaryOperation::Dilate, o);
    } else {
      GrayscaleOptions o;
      o.backend = cumed::Backend::CUDA;
      o.stream = &stream;
      Grayscale<T>(device.view<T>(), result.view<T>(), element, w.operation, o);
    }
  };
  for (int i = 0; i < 3; ++i) once(); // warm-up: module load, allocator pools
  stream.synchronize();
  const cumed::Stopwatch watch;
  for (int i = 0; i < repeat; ++i) once();
  stream.synchronize();
  return watch.elapsedSeconds() / repeat;
}

template <class T>
double TimeItk(const std::vector<T>& in, std::vector<T>& out,
               const std::array<std::size_t, 3>& size, const Workload& w) {
  const auto image = ToItk(in, size);
  Kernel::RadiusType radius;
  for (int i = 0; i < 3; ++i) radius[i] = w.radius[i];
  const Kernel kernel = w.box ? Kernel::Box(radius) : Kernel::Ball(radius);
  typename itk::ImageToImageFilter<itk::Image<T, 3>, itk::Image<T, 3>>::Pointer filter;
  using Img = itk::Image<T, 3>;
  if (w.binary) {
    auto f = itk::BinaryDilateImageFilter<Img, Img, Kernel>::New();
    f->SetKernel(kernel);
    f->SetForegroundValue(1);
    filter = f;
  } else if (w.operation == GrayscaleOperation::Dilate) {
    auto f = itk::GrayscaleDilateImageFilter<Img, Img, Kernel>::New();
    f->SetKernel(kernel);
    filter = f;
  } else if (w.operation == GrayscaleOperation::Erode) {
    auto f = itk::GrayscaleErodeImageFilter<Img, Img, Kernel>::New();
    f->SetKernel(kernel);
    filter = f;
  } else {
    auto f = itk::GrayscaleMorphologicalClosingImageFilter<Img, Img, Kernel>::New();
    f->SetKernel(kernel);
    filter = f;
  }
  filter->SetInput(image);
  const cumed::Stopwatch watch;
  filter->Update();
  const double seconds = watch.elapsedSeconds();
  const T* p = filter->GetOutput()->GetBufferPointer();
  out.assign(p, p + in.size());
  return seconds;
}

template <class T>
void RunRow(const Volume& volume, const std::vector<T>& input, const Workload& w,
            const Settings& s) {
  const bool cuda = cumed::CudaUsable();
  std::vector<T> cpuOut(input.size()), cudaOut(input.size()), itkOut;
  const double cpu = TimeHost(input, cpuOut, volume.size, w, cumed::Backend::CPU, 1);
  double kernel = -1, withTransfers = -1, itk = -1, roundTrip = -1;
  if (cuda) {
    kernel = TimeDeviceResident(input, volume.size, w, s.repeat);
    withTransfers = TimeHost(input, cudaOut, volume.size, w, cumed::Backend::CUDA, 5);
    roundTrip = PinnedRoundTripSeconds(input.size() * sizeof(T), input.size() * sizeof(T));
  }
  const int maxRadius = std::max({w.radius[0], w.radius[1], w.radius[2]});
  if (s.itk && maxRadius <= s.itkMaxRadius) itk = TimeItk(input, itkOut, volume.size, w);
  std::string same = "cpu";
  if (cuda) same += cudaOut == cpuOut ? "=cuda" : "!=CUDA";
  if (itk >= 0) same += itkOut == cpuOut ? "=itk" : "!=ITK";
  std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", volume.name.c_str(),
              w.name.c_str(), Ms(kernel).c_str(), Ms(withTransfers).c_str(), Ms(roundTrip).c_str(),
              cumed::benchmark::Over(withTransfers, roundTrip).c_str(), Ms(cpu).c_str(),
              Ms(itk).c_str(), Ratio(itk, kernel).c_str(), Ratio(itk, cpu).c_str(), same.c_str());
  std::fflush(stdout);
}

std::vector<Workload> Workloads(bool tall) {
  const auto D = GrayscaleOperation::Dilate, E = GrayscaleOperation::Erode,
             C = GrayscaleOperation::Close;
  std::vector<Workload> list;
  for (int r = 1; r <= 4; ++r)
    list.push_back({"dilate disk r" + std::to_string(r) + " (2D)", false, D, {r, r, 0}, false});
  for (int r = 1; r <= 4; ++r)
    list.push_back({"dilate ball r" + std::to_string(r), false, D, {r, r, r}, false});
  list.push_back({"erode disk r4 (2D)", false, E, {4, 4, 0}, false});
  list.push_back({"erode ball r4", false, E, {4, 4, 4}, false});
  list.push_back({"close disk r4 (2D)", false, C, {4, 4, 0}, false});
  list.push_back({"close ball r4", false, C, {4, 4, 4}, false});
  list.push_back({"dilate box 9x9x9", false, D, {4, 4, 4}, true});
  list.push_back({"dilate ball r8", false, D, {8, 8, 8}, false});
  list.push_back({"dilate ball r15", false, D, {15, 15, 15}, false});
  list.push_back({"dilate ball r40", false, D, {40, 40, 40}, false}); // issue 28's large ball
  list.push_back({"binary dilate bone disk r4 (2D)", true, D, {4, 4, 0}, false});
  list.push_back({"binary dilate bone ball r4", true, D, {4, 4, 4}, false});
  if (tall) // the big volume: the headline workloads only
    list.erase(std::remove_if(list.begin(), list.end(),
                              [](const Workload& w) {
                                const bool r4 = w.name.size() >= 2 &&
                                                w.name.compare(w.name.size() - 2, 2, "r4") == 0;
                                const bool r4in2D = w.name.find("r4 (2D)") != std::string::npos;
                                return !r4 && !r4in2D && w.name.find("box") == std::string::npos;
                              }),
               list.end());
  return list;
}

void PrintUsage() {
  std::printf(
      "usage: cumed-morphology-benchmark --ct DICOM_DIR_OR_IMAGE [--repeat N] "
      "[--itk-max-radius R] [--no-itk] [--tall-slices N] [--only NAME_PART[,NAME_PART...]]\n"
      "  --only: run the workloads whose name contains one of the comma-separated parts,\n"
      "          e.g. --only 'dilate ball r8,dilate ball r15,dilate ball r40,close ball r4'\n");
}

} // namespace

int main(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool hasValue = i + 1 < argc;
    if (a == "--ct" && hasValue)
      s.ct = argv[++i];
    else if (a == "--repeat" && hasValue)
      s.repeat = std::max(1, std::atoi(argv[++i]));
    else if (a == "--itk-max-radius" && hasValue)
      s.itkMaxRadius = std::atoi(argv[++i]);
    else if (a == "--tall-slices" && hasValue)
      s.tallSlices = std::stoul(argv[++i]);
    else if (a == "--no-itk")
      s.itk = false;
    else if (a == "--only" && hasValue) {
      const std::string list = argv[++i];
      for (std::size_t start = 0; start <= list.size();) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start) s.only.push_back(list.substr(start, comma - start));
        start = comma + 1;
      }
    } else if (a == "--help") {
      PrintUsage();
      return 0;
    } else {
      std::fprintf(stderr, "cumed-morphology-benchmark: unknown or incomplete option '%s'\n",
                   a.c_str());
      PrintUsage();
      return 2;
    }
  }
  if (s.ct.empty()) {
    PrintUsage();
    return 2;
  }
  try {
    const Volume ct = LoadCt(s.ct);
    const Volume tall = Tall(ct, s.tallSlices);
    std::printf(
        "CuMed morphology benchmark. %s. CPU threads: CuMed (OpenMP) %d, ITK %u. "
        "CUDA: queued %d times on one stream with the volume on the device (per operation); "
        "with transfers: host in, host out (median of 5); pinned round trip: the same bytes up "
        "and down from page-locked memory. CPU, ITK: one run.\n\n",
        cumed::DescribeDevices().c_str(), omp_get_max_threads(),
        itk::MultiThreaderBase::GetGlobalDefaultNumberOfThreads(), s.repeat);
    std::printf("| volume | workload | CUDA on device (ms) | CUDA with transfers (ms) | pinned "
                "round trip (ms) | transfers / round trip | CuMed CPU (ms) | ITK (ms) | ITK / CUDA "
                "| ITK / CPU | same voxels |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Volume* volume : {&ct, &tall}) {
      std::vector<std::uint8_t> bone(volume->hu.size());
      std::transform(volume->hu.begin(), volume->hu.end(), bone.begin(),
                     [](std::int16_t v) { return v >= 300; });
      for (const Workload& w : Workloads(volume == &tall)) {
        const bool wanted =
            s.only.empty() || std::any_of(s.only.begin(), s.only.end(), [&](const std::string& p) {
              return w.name.find(p) != std::string::npos;
            });
        if (!wanted) continue;
        if (w.binary)
          RunRow(*volume, bone, w, s);
        else
          RunRow(*volume, volume->hu, w, s);
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cumed-morphology-benchmark: %s\n", e.what());
    return 1;
  }
  return 0;
}
