#include "src/FieldSimilarity.h"
#include "src/TransformKernels.h"

namespace cumed::registration::detail {

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
      derivative_(warped_.size()), counted_(warped_.size()),
      metric_(MakeSimilarityMetricCpu(metric)) {}

double FieldSimilarityCpu::evaluate(bool wantGradient) {
  WarpCpu(geometry_, moving_.pixels.data(), field_.data(), warped_.data(),
          wantGradient ? voxelGradient_.data() : nullptr, mask_, counted_.data(), movingMask_);
  const double similarity = metric_->evaluate(fixed_.pixels.data(), warped_.data(), counted_.data(),
                                              wantGradient ? derivative_.data() : nullptr);
  if (wantGradient) ScaleGradientCpu(geometry_, derivative_.data(), voxelGradient_.data());
  return similarity;
}

} // namespace cumed::registration::detail
