// The OpenMP backend of the similarity metrics: the reference. Sums go through OrderedSums (fixed
// chunks of kMetricChunk voxels added in index order), the joint histogram through integer Parzen
// units, so the value and the derivative are the same bits for any number of threads.
#include "src/OrderedSumsHost.h"
#include "src/SimilarityMetricHost.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace cumed::registration::detail {
namespace {

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
    RequireNccVariances(m);
    if (derivative) {
#pragma omp parallel for schedule(static)
      for (std::int64_t v = 0; v < n_; ++v)
        derivative[v] = Counted(mask, v) ? float(NccDerivative(m, fixed[v], warped[v])) : 0.0f;
    }
    return -m.cov / std::sqrt(m.varF * m.varW);
  }
};

/// Separable Gaussian smoothing of one image of n voxels in place (zero outside the image), the
/// window along each axis as GaussianWindow gives it; `scratch` holds n doubles.
void SmoothInPlace(double* image, double* scratch, const std::int64_t size[3],
                   const std::vector<double> windows[3]) {
  const std::int64_t stride[3] = {1, size[0], size[0] * size[1]};
  const std::int64_t n = size[0] * size[1] * size[2];
  double* from = image;
  double* to = scratch;
  for (int axis = 0; axis < 3; ++axis) {
    const std::vector<double>& g = windows[axis];
    const std::int64_t radius = static_cast<std::int64_t>(g.size() / 2), len = size[axis];
    const std::int64_t step = stride[axis];
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n; ++v) {
      const std::int64_t at = (v / step) % len;
      const std::int64_t lo = std::max(-radius, -at), hi = std::min(radius, len - 1 - at);
      double sum = 0.0;
      for (std::int64_t k = lo; k <= hi; ++k) sum += g[k + radius] * from[v + k * step];
      to[v] = sum;
    }
    std::swap(from, to);
  }
  // Three passes: the result is in `scratch`.
  std::memcpy(image, from, static_cast<std::size_t>(n) * sizeof(double));
}

class LocalNccCpu : public CpuMetric {
public:
  explicit LocalNccCpu(const MetricSettings& settings)
      : CpuMetric(settings), sums_(7 * static_cast<std::size_t>(n_)) {
    for (int a = 0; a < 3; ++a) windows_[a] = GaussianWindow(settings.localSigmaVoxels[a]);
  }

  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    // Channels: the windowed sums of mask, mask F, mask W, mask F^2, mask W^2, mask F W; then the
    // derivative's coefficient images overwrite the last three; the seventh is scratch.
    double* c[7];
    for (int k = 0; k < 7; ++k) c[k] = sums_.data() + k * n_;
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n_; ++v) {
      const double m = Counted(mask, v) ? 1.0 : 0.0, f = m * fixed[v], w = m * warped[v];
      c[0][v] = m;
      c[1][v] = f;
      c[2][v] = w;
      c[3][v] = f * f;
      c[4][v] = w * w;
      c[5][v] = f * w;
    }
    for (int k = 0; k < 6; ++k) SmoothInPlace(c[k], c[6], settings_.size, windows_);
    const auto sums = OrderedSums<2>(n_, [&](std::int64_t v, double* acc) {
      if (!Counted(mask, v)) {
        c[3][v] = c[4][v] = c[5][v] = 0.0;
        return;
      }
      const LocalNccTerm t = LocalNcc(c[0][v], c[1][v], c[2][v], c[3][v], c[4][v], c[5][v]);
      c[3][v] = t.dSfw;
      c[4][v] = t.dSww;
      c[5][v] = t.dSw;
      acc[0] += 1.0;
      acc[1] += t.r;
    });
    RequireCountedVoxels(sums[0], settings_);
    if (derivative) {
      for (int k = 3; k < 6; ++k) SmoothInPlace(c[k], c[6], settings_.size, windows_);
      const double scale = -1.0 / sums[0];
#pragma omp parallel for schedule(static)
      for (std::int64_t v = 0; v < n_; ++v)
        derivative[v] =
            Counted(mask, v)
                ? float(LocalNccDerivative(scale, fixed[v], warped[v], c[3][v], c[4][v], c[5][v]))
                : 0.0f;
    }
    return -sums[1] / sums[0];
  }

private:
  std::vector<double> windows_[3];
  std::vector<double> sums_;
};

class NmiCpu : public CpuMetric {
public:
  explicit NmiCpu(const MetricSettings& settings)
      : CpuMetric(settings), bins_(settings.histogramBins),
        histogram_(static_cast<std::size_t>(bins_) * bins_) {}

  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    const MetricSettings& s = settings_;
    std::fill(histogram_.begin(), histogram_.end(), 0);
    std::uint64_t counted = 0;
    // Integer units: the sum is exact, so the threads' order does not matter.
#pragma omp parallel
    {
      std::vector<std::uint64_t> own(histogram_.size(), 0);
      std::uint64_t ownCounted = 0;
#pragma omp for schedule(static)
      for (std::int64_t v = 0; v < n_; ++v) {
        if (!Counted(mask, v)) continue;
        ++ownCounted;
        const ParzenPlace p = PlaceInHistogram(fixed[v], warped[v], bins_, s.fixedRange[0],
                                               s.fixedRange[1], s.movingRange[0], s.movingRange[1]);
        std::uint64_t* row = own.data() + std::size_t(p.fixedBin) * bins_ + p.firstWarpedBin;
        for (int q = 0; q < 4; ++q) row[q] += ParzenUnits(CubicBSpline(p.firstWarpedBin + q - p.t));
      }
#pragma omp critical(cumed_nmi_histogram)
      {
        for (std::size_t k = 0; k < own.size(); ++k) histogram_[k] += own[k];
        counted += ownCounted;
      }
    }
    RequireCountedVoxels(double(counted), s);
    const NmiTable table = MakeNmiTable(histogram_.data(), bins_);
    if (derivative) {
#pragma omp parallel for schedule(static)
      for (std::int64_t v = 0; v < n_; ++v) {
        if (!Counted(mask, v)) {
          derivative[v] = 0.0f;
          continue;
        }
        const ParzenPlace p = PlaceInHistogram(fixed[v], warped[v], bins_, s.fixedRange[0],
                                               s.fixedRange[1], s.movingRange[0], s.movingRange[1]);
        derivative[v] = float(NmiDerivative(
            p, table.perUnit.data() + std::size_t(p.fixedBin) * bins_ + p.firstWarpedBin));
      }
    }
    return table.cost;
  }

private:
  int bins_;
  std::vector<std::uint64_t> histogram_;
};

} // namespace

std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCpu(const MetricSettings& settings) {
  ValidateMetricSettings(settings);
  switch (settings.kind) {
  case MetricKind::SSD:
    return std::make_unique<SsdCpu>(settings);
  case MetricKind::NCC:
    return std::make_unique<NccCpu>(settings);
  case MetricKind::LocalNCC:
    return std::make_unique<LocalNccCpu>(settings);
  case MetricKind::NMI:
    return std::make_unique<NmiCpu>(settings);
  }
  throw InvalidArgument("similarity metric: unknown kind " +
                        std::to_string(static_cast<int>(settings.kind)));
}

} // namespace cumed::registration::detail
