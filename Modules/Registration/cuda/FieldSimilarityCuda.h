#pragma once
// src/FieldSimilarity.h's steps on CUDA: the images, the mask and the work buffers live on the
// device for a whole level; evaluate() queues on the caller's stream and returns the similarity
// (the metric waits for its own sums), leaving dCost/du in voxelGradient() on the device.
#include "src/LevelGeometry.h"
#include "src/LevelImage.h"
#include "src/SimilarityMetrics.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::registration::detail {

class FieldSimilarityCuda {
public:
  /// Uploads the images and the masks (null or empty: every voxel counts) on `stream`;
  /// `movingMask` lies on the moving level's grid, as for the CPU.
  FieldSimilarityCuda(const LevelGeometry& geometry, const LevelImage& fixed,
                      const LevelImage& moving, const std::vector<std::uint8_t>* mask,
                      const MetricSettings& metric, const Stream& stream,
                      const std::vector<std::uint8_t>* movingMask = nullptr);

  float* field() { return field_.as<float>(); } ///< device, 3 x voxels
  double evaluate(bool wantGradient);
  float* voxelGradient() { return voxelGradient_.as<float>(); } ///< device, 3 x voxels

private:
  const LevelGeometry& geometry_;
  const Stream& stream_;
  DeviceBuffer fixed_, moving_, mask_, movingMask_, field_, warped_, voxelGradient_, derivative_;
  DeviceBuffer counted_; ///< fixed mask, inside the moving image and its mask, per evaluation
  std::unique_ptr<SimilarityMetricComputer> metric_;
};

} // namespace cumed::registration::detail
