// The OpenMP backend of the similarity metrics: the reference. Sums go through OrderedSums (fixed
// chunks of kMetricChunk voxels added in index order), the joint histogram through integer Parzen
// units, so the value and the derivative are the same bits for any number of threads.
#include "src/SimilarityMetricHost.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace cumed::registration::detail {
namespace {

bool Counted(const std::uint8_t* mask, std::int64_t v) {
  return !mask || mask[v] != 0;
}

/// K sums over voxels 0..n-1; body(v, acc) adds voxel v's terms to acc[0..K-1].
template <int K, class Body> std::array<double, K> OrderedSums(std::int64_t n, Body body) {
  const std::int64_t chunks = (n + kMetricChunk - 1) / kMetricChunk;
  std::vector<std::array<double, K>> partial(static_cast<std::size_t>(chunks));
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < chunks; ++c) {
    std::array<double, K> acc{};
    const std::int64_t end = std::min(n, (c + 1) * kMetricChunk);
    for (std::int64_t v = c * kMetricChunk; v < end; ++v) body(v, acc.data());
    partial[c] = acc;
  }
  std::array<double, K> total{};
  for (const auto& p : partial)
    for (int k = 0; k < K; ++k) total[k] += p[k];
  return total;
}

class CpuMetric : public SimilarityMetricComputer {
public:
  explicit CpuMetric(const MetricSettings& settings)
      : settings_(settings), n_(VoxelCount(settings)) {}

protected:
  MetricSettings settings_;
  std::int64_t n_;
};

class SsdCpu : public CpuMetric {
public:
  using CpuMetric::CpuMetric;
  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    const auto sums = OrderedSums<2>(n_, [&](std::int64_t v, double* acc) {
      if (!Counted(mask, v)) return;
      const double d = double(warped[v]) - fixed[v];
      acc[0] += 1.0;
      acc[1] += d * d;
    });
    RequireCountedVoxels(sums[0], settings_);
    if (derivative) {
      const double scale = 2.0 / sums[0];
#pragma omp parallel for schedule(static)
      for (std::int64_t v = 0; v < n_; ++v)
        derivative[v] = Counted(mask, v) ? float(scale * (double(warped[v]) - fixed[v])) : 0.0f;
    }
    return sums[1] / sums[0];
  }
};

class NccCpu : public CpuMetric {
public:
  using CpuMetric::CpuMetric;
  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    const auto first = OrderedSums<3>(n_, [&](std::int64_t v, double* acc) {
      if (!Counted(mask, v)) return;
      acc[0] += 1.0;
      acc[1] += fixed[v];
      acc[2] += warped[v];
    });
    RequireCountedVoxels(first[0], settings_);
    const double meanF = first[1] / first[0], meanW = first[2] / first[0];
    const auto second = OrderedSums<3>(n_, [&](std::int64_t v, double* acc) {
      if (!Counted(mask, v)) return;
      const double f = fixed[v] - meanF, w = warped[v] - meanW;
      acc[0] += f * f;
      acc[1] += w * w;
      acc[2] += f * w;
    });
    const NccMoments m =
        MakeNccMoments(first[0], first[1], first[2], second[0], second[1], second[2]);
    if (derivative) {
#pragma omp parallel for schedule(static)
      for (std::int64_t v = 0; v < n_; ++v)
        derivative[v] = Counted(mask, v) ? float(NccDerivative(m, fixed[v], warped[v])) : 0.0f;
    }
    return -m.cov / std::sqrt(m.varF * m.varW);
  }
};

} // namespace

std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCpu(const MetricSettings& settings) {
  ValidateMetricSettings(settings);
  switch (settings.kind) {
  case MetricKind::SSD:
    return std::make_unique<SsdCpu>(settings);
  case MetricKind::NCC:
    return std::make_unique<NccCpu>(settings);
  default:
    break;
  }
  throw InvalidArgument(std::string("similarity metric ") + MetricName(settings.kind) +
                        ": no CPU implementation yet");
}

} // namespace cumed::registration::detail
