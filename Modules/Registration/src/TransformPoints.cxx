#include "cumed/registration/TransformPoints.h"

#include "src/BSplineMath.h"
#include "src/DisplacementFieldBackends.h"

namespace cumed::registration {

std::vector<Point3d> TransformPoints(const BSplineGrid& grid, const AffineTransform& affine,
                                     const std::vector<Point3d>& fixedPoints) {
  // The sampling's fixed part is unused: points come in physical space, not as voxel indices.
  const detail::Sampling s = detail::DescribeSampling(grid, ImageGeometry{{1, 1, 1}});
  const double* c[3] = {grid.coefficients(0).data(), grid.coefficients(1).data(),
                        grid.coefficients(2).data()};
  std::vector<Point3d> out(fixedPoints.size());
  for (std::size_t n = 0; n < fixedPoints.size(); ++n) {
    const Point3d& p = fixedPoints[n];
    // The grid index of the point as ITK computes it (the steps of detail::GridIndexOf).
    const double rel[3] = {p[0] - s.gridOrigin[0], p[1] - s.gridOrigin[1], p[2] - s.gridOrigin[2]};
    const double zero[3] = {0.0, 0.0, 0.0};
    double index[3], u[3];
    detail::Affine(zero, s.physicalToGridIndex, rel, index);
    detail::SumSupport(detail::SupportAt(index[0], s.gridSize[0]),
                       detail::SupportAt(index[1], s.gridSize[1]),
                       detail::SupportAt(index[2], s.gridSize[2]), s.gridSize, c[0], c[1], c[2], u);
    const double q[3] = {p[0] + u[0], p[1] + u[1], p[2] + u[2]};
    for (int r = 0; r < 3; ++r)
      out[n][r] = affine.matrix[3 * r] * q[0] + affine.matrix[3 * r + 1] * q[1] +
                  affine.matrix[3 * r + 2] * q[2] + affine.offset[r];
  }
  return out;
}

std::vector<Point3d> TransformPoints(const RegistrationResult& result,
                                     const std::vector<Point3d>& fixedPoints) {
  return TransformPoints(result.grid, result.affine, fixedPoints);
}

} // namespace cumed::registration
