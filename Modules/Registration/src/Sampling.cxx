#include "src/Sampling.h"

#include "src/Matrix3.h"

namespace cumed::registration::detail {

Sampling DescribeSampling(const BSplineGrid& grid, const ImageGeometry& fixed) {
  Sampling s{};
  const ImageGeometry& g = grid.coefficientGeometry();
  const Matrix3 fixedMatrix = IndexToPhysical(fixed.direction, fixed.spacing);
  const Matrix3 toGrid = Inverse(IndexToPhysical(g.direction, g.spacing));
  for (int a = 0; a < 3; ++a) {
    s.fixedOrigin[a] = fixed.origin[a];
    s.fixedSize[a] = static_cast<std::int64_t>(fixed.size[a]);
    s.gridOrigin[a] = g.origin[a];
    s.gridSize[a] = static_cast<std::int64_t>(g.size[a]);
  }
  for (int e = 0; e < 9; ++e) {
    s.fixedIndexToPhysical[e] = fixedMatrix[e];
    s.physicalToGridIndex[e] = toGrid[e];
  }
  return s;
}

} // namespace cumed::registration::detail
