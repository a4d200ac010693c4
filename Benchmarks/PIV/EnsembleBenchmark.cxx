#include "EnsembleBenchmark.h"

#include "FieldDifference.h"
#include "FieldErrors.h"
#include "cumed/benchmark/Table.h"
#include "cumed/core/Timer.h"
#include "cumed/piv/Piv.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace cumed::piv::benchmark {

namespace {

using cumed::benchmark::Median;
using cumed::benchmark::Ms;
using cumed::benchmark::Ratio;

/// The frames of the ensemble in the three forms the table times.
struct EnsembleFrames {
  std::vector<Image> floats, bytes, device;
};

std::vector<ImagePair> PairsOf(const std::vector<Image>& frames) {
  std::vector<ImagePair> pairs;
  for (std::size_t i = 0; i + 1 < frames.size(); i += 2)
    pairs.push_back({&frames[i], &frames[i + 1]});
  return pairs;
}

EnsembleFrames Render(cumed::testing::ParticleImageSettings particles,
                      const cumed::testing::DisplacementField& truth, int count, bool cuda) {
  EnsembleFrames e;
  for (int i = 0; i < count; ++i) {
    particles.seed = 100 + i;
    auto pair = cumed::testing::RenderParticlePair(particles, truth);
    for (Image* frame : {&pair.first, &pair.second}) {
      e.bytes.push_back(cumed::testing::Quantise(*frame, PixelType::UInt8));
      if (cuda) e.device.push_back(frame->toDevice());
      e.floats.push_back(std::move(*frame));
    }
  }
  return e;
}

/// Median seconds per pair of `repeat` ensemble calls after one warm-up; the last field.
double SecondsPerPair(const std::vector<ImagePair>& pairs, const PivOptions& options, int repeat,
                      PivField& field) {
  field = ComputeEnsemblePiv(pairs, options);
  std::vector<double> seconds;
  for (int r = 0; r < repeat; ++r) {
    Stopwatch watch;
    field = ComputeEnsemblePiv(pairs, options);
    seconds.push_back(watch.elapsedSeconds() / double(pairs.size()));
  }
  return Median(seconds);
}

} // namespace

void PrintEnsembleTable(const EnsembleBenchmarkSettings& s,
                        cumed::testing::ParticleImageSettings particles,
                        const cumed::testing::DisplacementField& truth) {
  const EnsembleFrames e = Render(particles, truth, s.pairs, s.cuda);
  PivOptions options;
  options.windowSizes = {32};
  options.threads = s.threads;
  options.backend = Backend::CPU;
  PivField cpu, cudaHost, cudaDevice;
  const double cpuSeconds = SecondsPerPair(PairsOf(e.floats), options, s.repeat, cpu);
  double hostSeconds = -1, deviceSeconds = -1;
  char pairsPerSecond[32] = "-", difference[32] = "-";
  if (s.cuda) {
    options.backend = Backend::CUDA;
    hostSeconds = SecondsPerPair(PairsOf(e.bytes), options, s.repeat, cudaHost);
    deviceSeconds = SecondsPerPair(PairsOf(e.device), options, s.repeat, cudaDevice);
    std::snprintf(pairsPerSecond, sizeof pairsPerSecond, "%.0f", 1.0 / deviceSeconds);
    std::snprintf(difference, sizeof difference, "%.1e", LargestDifference(cpu, cudaDevice));
  }
  std::printf("| ensemble (per pair) | pairs | vectors | CPU ms | CUDA ms (8-bit host) | "
              "CUDA ms (float device) | CUDA pairs/s (device) | CPU / CUDA | max CPU-CUDA px | "
              "rms error px |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  std::printf("| 32 px, 50 %% | %d | %zu | %s | %s | %s | %s | %s | %s | %.4f |\n\n", s.pairs,
              cpu.size(), Ms(cpuSeconds).c_str(), Ms(hostSeconds).c_str(),
              Ms(deviceSeconds).c_str(), pairsPerSecond, Ratio(cpuSeconds, deviceSeconds).c_str(),
              difference, test::ErrorsOf(cpu, truth).rms);
}

} // namespace cumed::piv::benchmark
