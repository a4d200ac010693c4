// TransformPoints: at voxel centres it agrees with the registration's total displacement field
// (a random grid and a non-trivial affine, 3D and one slice), and outside the grid's support
// only the affine acts.
#include "SyntheticImages.h"

#include "cumed/registration/TransformPoints.h"
#include "src/Matrix3.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationOutputs.h"

#include <gtest/gtest.h>

namespace cumed::registration {
namespace {

AffineTransform SomeAffine() {
  AffineTransform a;
  a.matrix = {1.02, 0.03, 0.0, -0.02, 0.97, 0.0, 0.0, 0.0, 1.0};
  a.offset = {1.5, -2.0, 0.0};
  return a;
}

TEST(TransformPoints, AgreesWithTheTotalFieldAtVoxelCentres) {
  for (bool planar : {false, true}) {
    const ImageGeometry g = test::BlobGeometry(planar);
    BSplineGrid grid = detail::MakeRegistrationGrid(g, 12.0);
    test::RandomCoefficients(grid, 4.0, 9, planar);
    const AffineTransform affine = SomeAffine();
    const Image field = detail::TotalDisplacementField(grid, affine, g, Backend::CPU);
    const detail::Matrix3 m = detail::IndexToPhysical(g.direction, g.spacing);
    std::vector<Point3d> points;
    std::vector<std::size_t> voxels;
    for (std::size_t v = 0; v < g.numberOfPixels(); v += 37) {
      const std::size_t i = v % g.size[0], j = (v / g.size[0]) % g.size[1],
                        k = v / (g.size[0] * g.size[1]);
      Point3d p;
      for (int r = 0; r < 3; ++r)
        p[r] = g.origin[r] + m[3 * r] * double(i) + m[3 * r + 1] * double(j) +
               m[3 * r + 2] * double(k);
      points.push_back(p);
      voxels.push_back(v);
    }
    const std::vector<Point3d> moved = TransformPoints(grid, affine, points);
    ASSERT_EQ(moved.size(), points.size());
    const float* d = field.view<float>().data;
    for (std::size_t n = 0; n < points.size(); ++n)
      for (int r = 0; r < 3; ++r) // the field is float: its rounding, no more
        EXPECT_NEAR(moved[n][r], points[n][r] + d[3 * voxels[n] + r], 1e-4)
            << (planar ? "2D" : "3D") << " voxel " << voxels[n] << " axis " << r;
  }
}

TEST(TransformPoints, OutsideTheGridOnlyTheAffineActs) {
  const ImageGeometry g = test::BlobGeometry();
  BSplineGrid grid = detail::MakeRegistrationGrid(g, 12.0);
  test::RandomCoefficients(grid, 4.0, 9, false);
  const AffineTransform affine = SomeAffine();
  const Point3d far{5000.0, -4000.0, 3000.0};
  const Point3d moved = TransformPoints(grid, affine, {far}).front();
  for (int r = 0; r < 3; ++r)
    EXPECT_DOUBLE_EQ(moved[r], affine.matrix[3 * r] * far[0] + affine.matrix[3 * r + 1] * far[1] +
                                   affine.matrix[3 * r + 2] * far[2] + affine.offset[r]);
  EXPECT_TRUE(TransformPoints(grid, affine, {}).empty());
}

} // namespace
} // namespace cumed::registration
