#include "src/FieldSimilarity.h"
#include "src/TransformKernelMath.h"
#include "src/TransformKernels.h"

namespace cumed::registration::detail {
namespace {

bool Sampled(const MetricSettings& metric) {
  return metric.sampling.kind != VoxelSampling::Kind::Full;
}

} // namespace

FieldSimilarityCpu::FieldSimilarityCpu(const LevelGeometry& geometry, const LevelImage& fixed,
                                       const LevelImage& moving,
                                       const std::vector<std::uint8_t>* mask,
                                       const MetricSettings& metric,
                                       const std::vector<std::uint8_t>* movingMask)
    : geometry_(geometry), fixed_(fixed), moving_(moving),
      mask_(mask && !mask->empty() ? mask->data() : nullptr),
      movingMask_(movingMask && !movingMask->empty() ? movingMask->data() : nullptr),
      field_(static_cast<std::size_t>(3 * geometry.voxels())),
      warped_(static_cast<std::size_t>(geometry.voxels())), voxelGradient_(field_.size()),
      derivative_(warped_.size()), counted_(warped_.size()) {
  if (!Sampled(metric)) {
    metric_ = MakeSimilarityMetricCpu(metric);
    return;
  }
  // Sampled: the metric sees the chosen voxels as an image of their own. Voxels not chosen keep
  // warped 0, counted 0 and voxel gradient 0 from here on (evaluate writes only chosen ones).
  subset_ = ChooseVoxels(metric);
  metric_ = MakeSimilarityMetricCpu(SubsetMetricSettings(metric, subset_));
  const std::size_t m = subset_.voxels.size();
  subFixed_.resize(m);
  subWarped_.resize(m);
  subDerivative_.resize(m);
  subCounted_.resize(m);
  for (std::size_t s = 0; s < m; ++s) subFixed_[s] = fixed.pixels[subset_.voxels[s]];
}

double FieldSimilarityCpu::evaluate(bool wantGradient) {
  if (subset_.voxels.empty()) {
    WarpCpu(geometry_, moving_.pixels.data(), field_.data(), warped_.data(),
            wantGradient ? voxelGradient_.data() : nullptr, mask_, counted_.data(), movingMask_);
    const double similarity =
        metric_->evaluate(fixed_.pixels.data(), warped_.data(), counted_.data(),
                          wantGradient ? derivative_.data() : nullptr);
    if (wantGradient) ScaleGradientCpu(geometry_, derivative_.data(), voxelGradient_.data());
    return similarity;
  }
  const std::int64_t m = static_cast<std::int64_t>(subset_.voxels.size());
  const std::int64_t nx = geometry_.fixedSize[0], ny = geometry_.fixedSize[1];
  const std::int64_t n = geometry_.voxels();
  const std::int64_t* voxels = subset_.voxels.data();
  float* gradient = wantGradient ? voxelGradient_.data() : nullptr;
#pragma omp parallel for schedule(static)
  for (std::int64_t s = 0; s < m; ++s) {
    const std::int64_t v = voxels[s];
    WarpVoxel(geometry_, moving_.pixels.data(), field_.data(), v, v % nx, (v / nx) % ny,
              v / (nx * ny), warped_.data(), gradient, mask_, counted_.data(), movingMask_);
    subWarped_[s] = warped_[v];
    subCounted_[s] = counted_[v];
  }
  const double similarity =
      metric_->evaluate(subFixed_.data(), subWarped_.data(), subCounted_.data(),
                        wantGradient ? subDerivative_.data() : nullptr);
  if (wantGradient) {
#pragma omp parallel for schedule(static)
    for (std::int64_t s = 0; s < m; ++s)
      for (int c = 0; c < 3; ++c) gradient[c * n + voxels[s]] *= subDerivative_[s];
  }
  return similarity;
}

} // namespace cumed::registration::detail
