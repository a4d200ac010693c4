#include "src/LevelGeometryBuilder.h"

#include "cumed/core/Error.h"
#include "src/DisplacementFieldBackends.h"
#include "src/Matrix3.h"

namespace cumed::registration::detail {
namespace {

Matrix3 Multiply(const Matrix3& a, const Matrix3& b) {
  Matrix3 c{};
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k)
      for (int m = 0; m < 3; ++m) c[3 * r + k] += a[3 * r + m] * b[3 * m + k];
  return c;
}

std::array<double, 3> Apply(const Matrix3& m, const std::array<double, 3>& v) {
  return {m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
          m[6] * v[0] + m[7] * v[1] + m[8] * v[2]};
}

/// Moving continuous index = voxelToMoving * i + offset + displacementToMoving * u.
struct IndexMap {
  Matrix3 voxelToMoving, displacementToMoving;
  std::array<double, 3> offset;
};

IndexMap MapOf(const ImageGeometry& fixed, const ImageGeometry& moving,
               const AffineTransform& affine) {
  const Matrix3 toMovingIndex = Inverse(IndexToPhysical(moving.direction, moving.spacing));
  const Matrix3 pm = Multiply(toMovingIndex, affine.matrix);
  const std::array<double, 3> image = Apply(affine.matrix, fixed.origin);
  const std::array<double, 3> rel = {image[0] + affine.offset[0] - moving.origin[0],
                                     image[1] + affine.offset[1] - moving.origin[1],
                                     image[2] + affine.offset[2] - moving.origin[2]};
  return {Multiply(pm, IndexToPhysical(fixed.direction, fixed.spacing)), pm,
          Apply(toMovingIndex, rel)};
}

} // namespace

LevelGeometry DescribeWarp(const ImageGeometry& fixed, const ImageGeometry& moving,
                           const AffineTransform& affine) {
  LevelGeometry g{};
  const IndexMap map = MapOf(fixed, moving, affine);
  for (int a = 0; a < 3; ++a) {
    g.fixedSize[a] = static_cast<std::int64_t>(fixed.size[a]);
    g.movingSize[a] = static_cast<std::int64_t>(moving.size[a]);
    g.movingOffset[a] = static_cast<float>(map.offset[a]);
  }
  for (int e = 0; e < 9; ++e) {
    g.voxelToMoving[e] = static_cast<float>(map.voxelToMoving[e]);
    g.displacementToMoving[e] = static_cast<float>(map.displacementToMoving[e]);
  }
  return g;
}

LevelGeometry DescribeLevel(const BSplineGrid& grid, const ImageGeometry& fixed,
                            const ImageGeometry& moving, const AffineTransform& affine,
                            LevelTables& tables) {
  tables = MakeLevelTables(DescribeSampling(grid, fixed));
  LevelGeometry g = DescribeWarp(fixed, moving, affine);
  for (int a = 0; a < 3; ++a)
    g.gridSize[a] = static_cast<std::int64_t>(grid.coefficientGeometry().size[a]);
  PointAxes(g, tables);
  return g;
}

void CheckOverlap(const ImageGeometry& fixed, const ImageGeometry& moving,
                  const AffineTransform& affine) {
  const IndexMap map = MapOf(fixed, moving, affine);
  // Every 4th voxel along each axis is plenty to find any overlap worth registering.
  for (std::size_t k = 0; k<fixed.size[2]; k += fixed.size[2]> 4 ? 4 : 1)
    for (std::size_t j = 0; j < fixed.size[1]; j += 4)
      for (std::size_t i = 0; i < fixed.size[0]; i += 4) {
        const std::array<double, 3> at =
            Apply(map.voxelToMoving, {double(i), double(j), double(k)});
        bool inside = true;
        for (int a = 0; a < 3; ++a) {
          const double index = at[a] + map.offset[a];
          inside = inside && index >= -0.5 && index < static_cast<double>(moving.size[a]) - 0.5;
        }
        if (inside) return;
      }
  throw InvalidArgument("the moving image does not overlap the fixed image (no fixed voxel maps "
                        "inside the moving image under the initial transform): nothing to "
                        "register; check the images' origins and directions");
}

} // namespace cumed::registration::detail
