#pragma once
// The per-axis tables of a LevelGeometry (separable B-spline supports and their adjoint ranges),
// built on the host from a fixed grid whose axes are the control grid's.
#include "src/BSplineMath.h"
#include "src/LevelGeometry.h"

#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

/// Host storage behind LevelGeometry::axis (see AxisTable for the meaning of each entry).
struct LevelTables {
  std::vector<std::int32_t> start[3];      ///< fixedSize[axis] entries; -1 outside the support
  std::vector<float> weight[3];            ///< 4 * fixedSize[axis] entries
  std::vector<std::int32_t> firstVoxel[3]; ///< gridSize[axis] entries
  std::vector<std::int32_t> lastVoxel[3];  ///< gridSize[axis] entries (< firstVoxel when none)
};

/// The supports by ITK's rule (SeparableSupports) and, per control point, the contiguous range of
/// fixed indices whose support holds it. Throws InvalidArgument when the fixed grid's axes are not
/// the control grid's (the supports are then not separable) or a size does not fit in 32 bits.
LevelTables MakeLevelTables(const Sampling& sampling);

/// Points g.axis[] at the host vectors of `tables` (which must outlive the use of g).
void PointAxes(LevelGeometry& g, const LevelTables& tables);

} // namespace cumed::registration::detail
