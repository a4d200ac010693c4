// cumed-piv-benchmark: CuMed PIV on the CPU and on CUDA (8-bit frames from the host one call at a
// time, a sequence of 8-bit host frames streamed by ComputePivSequence, float frames already
// on the device one call at a time, and a sequence of float device frames through
// ComputePivSequence) on the same rendered particle pair in one run; prints a Markdown table with
// milliseconds per pair, pairs/s, ratios, the largest CPU-CUDA difference and the error against
// the known displacement. OpenPIV's side is cumed-piv-reference's.
//
//   cumed-piv-benchmark [--size N] [--repeat N] [--threads N] [--ensemble-pairs N] [--no-cuda]
//                       [--only ROW] [--sequence-pairs N]
#include "EnsembleBenchmark.h"
#include "FieldDifference.h"
#include "FieldErrors.h"
#include "cumed/benchmark/Table.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Timer.h"
#include "cumed/piv/Piv.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using cumed::benchmark::Median;
using cumed::benchmark::Ms;
using cumed::benchmark::Ratio;
using cumed::piv::benchmark::LargestDifference;
using namespace cumed::piv;

struct Settings {
  int size = 1024;
  int repeat = 7;
  int threads = 0;
  int ensemblePairs = 8; ///< the ensemble table's recordings (0: no ensemble table)
  bool cuda = true;
  int only = 0;           ///< 1-based row of the table to run alone (profiling); 0: every row
  int sequencePairs = 64; ///< pairs in each timed ComputePivSequence
};

struct Workload {
  const char* name;
  std::vector<int> windows;
  Interpolation deformation = Interpolation::Lanczos;
};

/// Median seconds per pair of ComputePivSequence over `count` pairs of the rendered frames (host
/// frames: each pair a separate copy job; device frames: read in place).
double TimeSequence(const cumed::Image& a, const cumed::Image& b, const PivOptions& options,
                    int repeat, int count) {
  const std::vector<ImagePair> pairs(std::size_t(count), ImagePair{&a, &b});
  const auto run = [&] { ComputePivSequence(pairs, options, [](std::size_t, PivField&) {}); };
  run();
  std::vector<double> seconds;
  for (int r = 0; r < repeat; ++r) {
    cumed::Stopwatch watch;
    run();
    seconds.push_back(watch.elapsedSeconds() / double(count));
  }
  return Median(seconds);
}

/// Median seconds of `repeat` runs after one warm-up (plans, allocations); the last field.
double Time(const cumed::Image& a, const cumed::Image& b, const PivOptions& options, int repeat,
            PivField& field) {
  field = ComputePiv(a, b, options);
  std::vector<double> seconds;
  for (int r = 0; r < repeat; ++r) {
    cumed::Stopwatch watch;
    field = ComputePiv(a, b, options);
    seconds.push_back(watch.elapsedSeconds());
  }
  return Median(seconds);
}

int Usage(const char* problem) {
  std::fprintf(stderr,
               "cumed-piv-benchmark: %s\nusage: cumed-piv-benchmark [--size N] "
               "[--repeat N] [--threads N] [--ensemble-pairs N] [--no-cuda] [--only ROW] "
               "[--sequence-pairs N]\n",
               problem);
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto number = [&](int& target, int low) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      const long value = std::strtol(argv[++i], &end, 10);
      if (*end || value < low || value > 1 << 16) return false;
      target = int(value);
      return true;
    };
    if (arg == "--size") {
      if (!number(s.size, 128)) return Usage("--size takes 128..65536 (px)");
    } else if (arg == "--repeat") {
      if (!number(s.repeat, 1)) return Usage("--repeat takes a positive count");
    } else if (arg == "--threads") {
      if (!number(s.threads, 0)) return Usage("--threads takes 0 (every core) or a count");
    } else if (arg == "--only") {
      if (!number(s.only, 1)) return Usage("--only takes a row of the table (1 = the first)");
    } else if (arg == "--sequence-pairs") {
      if (!number(s.sequencePairs, 1)) return Usage("--sequence-pairs takes a positive count");
    } else if (arg == "--ensemble-pairs") {
      if (!number(s.ensemblePairs, 0))
        return Usage("--ensemble-pairs takes 0 (no ensemble table) or a count");
    } else if (arg == "--no-cuda") {
      s.cuda = false;
    } else if (arg == "--help" || arg == "-h") {
      Usage("CPU vs CUDA on a rendered particle pair");
      return 0;
    } else {
      return Usage(("unknown argument '" + arg + "'").c_str());
    }
  }
  const bool cuda = s.cuda && cumed::CudaUsable();
  std::printf("# cumed-piv-benchmark: %d x %d rendered pair, 0.05 particles/px, noise 2\n\n",
              s.size, s.size);
  std::printf("%s\n\n", cumed::DescribeDevices().c_str());

  cumed::testing::ParticleImageSettings settings;
  settings.width = settings.height = s.size;
  settings.noise = 2.0;
  const double centre = s.size / 2.0;
  const auto rotation = cumed::testing::RotationDisplacement(centre, centre, 0.004);
  const cumed::testing::DisplacementField truth = [&](double x, double y, double& dx, double& dy) {
    rotation(x, y, dx, dy);
    dx += 2.3;
    dy -= 1.4;
  };
  // Ensemble correlation of recordings of this flow: a table of its own, first.
  if (s.ensemblePairs > 0)
    cumed::piv::benchmark::PrintEnsembleTable({s.ensemblePairs, s.repeat, s.threads, cuda},
                                              settings, truth);
  const auto pair = cumed::testing::RenderParticlePair(settings, truth);
  const cumed::Image a8 = cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8);
  const cumed::Image b8 = cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8);
  cumed::Image aDevice, bDevice;
  if (cuda) {
    aDevice = pair.first.toDevice();
    bDevice = pair.second.toDevice();
  }

  std::printf("| workload | vectors | CPU ms | CUDA ms (8-bit host) | CUDA pairs/s (8-bit host, "
              "streamed) | CUDA ms (float device) | CUDA pairs/s (device) | CPU / CUDA | max "
              "CPU-CUDA px | rms error px | CUDA pairs/s (device, streamed) |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  const Workload workloads[] = {
      {"single pass 32 px, 50 %", {32}},
      {"single pass 16 px, 50 %", {16}},
      {"three passes 64-32-16, 50 %, Lanczos (default)", {64, 32, 16}},
      {"three passes 64-32-16, 50 %, bicubic", {64, 32, 16}, Interpolation::Bicubic}};
  int row = 0;
  for (const Workload& w : workloads) {
    if (s.only && ++row != s.only) continue;
    PivOptions options;
    options.windowSizes = w.windows;
    options.deformation = w.deformation;
    options.threads = s.threads;
    options.backend = cumed::Backend::CPU;
    PivField cpu, cudaHost, cudaDevice;
    const double cpuSeconds = Time(pair.first, pair.second, options, s.repeat, cpu);
    double hostSeconds = -1, deviceSeconds = -1, streamedSeconds = -1, deviceStreamedSeconds = -1;
    if (cuda) {
      options.backend = cumed::Backend::CUDA;
      hostSeconds = Time(a8, b8, options, s.repeat, cudaHost);
      streamedSeconds = TimeSequence(a8, b8, options, s.repeat, s.sequencePairs);
      deviceSeconds = Time(aDevice, bDevice, options, s.repeat, cudaDevice);
      deviceStreamedSeconds = TimeSequence(aDevice, bDevice, options, s.repeat, s.sequencePairs);
    }
    char pairs[32] = "-", streamed[32] = "-", difference[32] = "-", deviceStreamed[32] = "-";
    if (cuda) {
      std::snprintf(pairs, sizeof pairs, "%.0f", 1.0 / deviceSeconds);
      std::snprintf(streamed, sizeof streamed, "%.0f", 1.0 / streamedSeconds);
      std::snprintf(deviceStreamed, sizeof deviceStreamed, "%.0f", 1.0 / deviceStreamedSeconds);
      std::snprintf(difference, sizeof difference, "%.1e", LargestDifference(cpu, cudaDevice));
    }
    std::printf("| %s | %zu | %s | %s | %s | %s | %s | %s | %s | %.4f | %s |\n", w.name, cpu.size(),
                Ms(cpuSeconds).c_str(), Ms(hostSeconds).c_str(), streamed,
                Ms(deviceSeconds).c_str(), pairs, Ratio(cpuSeconds, deviceSeconds).c_str(),
                difference, test::ErrorsOf(cpu, truth).rms, deviceStreamed);
  }
  return 0;
}
