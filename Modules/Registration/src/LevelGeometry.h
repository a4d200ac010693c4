#pragma once
// One pyramid level of a registration as plain numbers, shared by the CPU and CUDA kernels.
//
// The control grid's axes are the fixed image's axes (the registration builds it from the fixed
// image), so the cubic B-spline is separable: along each axis, fixed index i has a support of 4
// control points starting at start[i] with weights w[4 * i .. 4 * i + 3] (start = -1: outside
// ITK's valid region, displacement 0). The adjoint gathers, for control point c of an axis, the
// fixed indices firstVoxel[c] .. lastVoxel[c] (inclusive, empty when first > last) whose support
// holds c.
//
// Buffers are structure-of-arrays: component d of voxel v at [d * voxels + v], component d of
// control point n at [d * controlPoints + n]; x fastest within each component.
#include <cstdint>

namespace cumed::registration::detail {

/// Per-axis separable supports (pointers into host or device memory, as the backend needs).
struct AxisTable {
  const std::int32_t* start;      ///< fixedSize[axis] entries
  const float* weight;            ///< 4 * fixedSize[axis] entries
  const std::int32_t* firstVoxel; ///< gridSize[axis] entries
  const std::int32_t* lastVoxel;  ///< gridSize[axis] entries
};

struct LevelGeometry {
  std::int64_t fixedSize[3];  ///< voxels along x, y, z (z = 1 for a 2D image)
  std::int64_t gridSize[3];   ///< control points along x, y, z
  std::int64_t movingSize[3]; ///< moving image voxels along x, y, z
  /// Moving continuous index of fixed voxel i with displacement u (mm, physical space):
  ///   index = voxelToMoving * i + movingOffset + displacementToMoving * u
  /// (3x3 row-major matrices; the affine pre-alignment is folded in).
  float voxelToMoving[9];
  float movingOffset[3];
  float displacementToMoving[9];
  AxisTable axis[3];

  std::int64_t voxels() const { return fixedSize[0] * fixedSize[1] * fixedSize[2]; }
  std::int64_t controlPoints() const { return gridSize[0] * gridSize[1] * gridSize[2]; }
};

} // namespace cumed::registration::detail
