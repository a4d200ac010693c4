#pragma once
// The part of a level's cost that both the B-spline and the affine objectives share: the moving
// image warped by a displacement field on the fixed grid, compared with the fixed image, and the
// similarity's gradient with respect to the field at every voxel (dCost/du). The CPU version;
// cuda/FieldSimilarityCuda.h holds the CUDA one (the same steps on device buffers).
#include "src/LevelGeometry.h"
#include "src/LevelImage.h"
#include "src/SimilarityMetricSampling.h"
#include "src/SimilarityMetrics.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::registration::detail {

class FieldSimilarityCpu {
public:
  /// Keeps references to the images and the masks (null or empty: every voxel counts);
  /// `movingMask` lies on the moving level's grid (src/MovingMask.h).
  FieldSimilarityCpu(const LevelGeometry& geometry, const LevelImage& fixed,
                     const LevelImage& moving, const std::vector<std::uint8_t>* mask,
                     const MetricSettings& metric,
                     const std::vector<std::uint8_t>* movingMask = nullptr);

  /// The field to compare at (3 x voxels, structure of arrays, mm): write it, then evaluate.
  float* field() { return field_.data(); }
  /// The similarity at field(); with `wantGradient`, voxelGradient() then holds dCost/du
  /// (0 at voxels not counted). Throws InvalidArgument when no voxel is counted.
  double evaluate(bool wantGradient);
  float* voxelGradient() { return voxelGradient_.data(); }
  /// The voxels evaluated (empty with sampling full): only they need field() and give a
  /// nonzero voxelGradient().
  const VoxelSubset& subset() const { return subset_; }

private:
  const LevelGeometry& geometry_;
  const LevelImage& fixed_;
  const LevelImage& moving_;
  const std::uint8_t* mask_;
  const std::uint8_t* movingMask_;
  std::vector<float> field_, warped_, voxelGradient_, derivative_;
  /// fixed mask, inside the moving image and its mask, per evaluation
  std::vector<std::uint8_t> counted_;
  std::unique_ptr<SimilarityMetricComputer> metric_;
  /// Sampling other than Full: the voxels evaluated, and the sub-image the metric sees.
  VoxelSubset subset_;
  std::vector<float> subFixed_, subWarped_, subDerivative_;
  std::vector<std::uint8_t> subCounted_;
};

} // namespace cumed::registration::detail
