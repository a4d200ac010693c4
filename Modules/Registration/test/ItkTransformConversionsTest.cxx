// The transforms the registration filter exports, checked against ITK's own: the 2D B-spline
// derived from a one-slice 3D grid maps every point of the slice's plane as ITK's 3D transform of
// that grid does, and the affine bridge copies ITK's matrix and offset both ways.
#include "cumed/core/Error.h"
#include "cumed/registration/itk/AffineTransformBridge.h"
#include "cumed/registration/itk/BSplineTransform2D.h"
#include "cumed/registration/itk/BSplineTransformBridge.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace cumed::registration {
namespace {

/// A grid as the registration builds one for a 2D image: 5 x 4 cells in x-y (rotated in-plane),
/// one cell in z with the image's plane z = 0 on the control plane of index 1.
BSplineGrid OneSliceGrid(unsigned seed) {
  TransformDomain domain;
  domain.origin = {-20.0, 15.0, 0.0};
  domain.physicalDimensions = {100.0, 60.0, 8.0};
  const double c = std::cos(0.3), s = std::sin(0.3);
  domain.direction = {c, -s, 0, s, c, 0, 0, 0, 1};
  domain.meshSize = {5, 4, 1};
  BSplineGrid grid(domain);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-4.0, 4.0);
  for (int component = 0; component < 3; ++component)
    for (std::size_t p = 0; p < grid.numberOfControlPoints(); ++p)
      grid.coefficientData(component)[p] = value(random);
  return grid;
}

/// The largest |2D(x, y) - 3D(x, y, z)| over points of the plane z, inside and beyond the domain.
double LargestPlaneDifference(const BSplineGrid& grid, double z) {
  const auto transform3 = ToItkBSplineTransform(grid);
  const auto transform2 = ToItkBSplineTransform2D(grid, z);
  double worst = 0.0;
  for (double x = -40.0; x <= 120.0; x += 3.7)
    for (double y = -30.0; y <= 110.0; y += 4.1) {
      itk::Point<double, 3> p3;
      p3[0] = x, p3[1] = y, p3[2] = z;
      itk::Point<double, 2> p2;
      p2[0] = x, p2[1] = y;
      const auto q3 = transform3->TransformPoint(p3);
      const auto q2 = transform2->TransformPoint(p2);
      worst = std::max({worst, std::fabs(q3[0] - q2[0]), std::fabs(q3[1] - q2[1])});
    }
  return worst;
}

TEST(RegistrationItk2D, PlaneOnAControlPlaneUsesWeightsOneFourOneSixths) {
  const BSplineGrid grid = OneSliceGrid(3);
  const auto transform2 = ToItkBSplineTransform2D(grid, 0.0);
  const ImageGeometry& g = grid.coefficientGeometry();
  const std::size_t plane = g.size[0] * g.size[1];
  const auto& parameters = transform2->GetParameters();
  ASSERT_EQ(parameters.Size(), 2 * plane);
  for (int c = 0; c < 2; ++c)
    for (std::size_t p = 0; p < plane; p += 7) {
      const auto& a = grid.coefficients(c);
      const double expected = (a[p] + 4.0 * a[plane + p] + a[2 * plane + p]) / 6.0;
      EXPECT_NEAR(parameters[c * plane + p], expected, 1e-12)
          << "component " << c << " point " << p;
    }
  // The x-y geometry is the 3D grid's.
  EXPECT_EQ(transform2->GetFixedParameters()[0], double(g.size[0]));
  EXPECT_EQ(transform2->GetFixedParameters()[5], g.spacing[1]);
  EXPECT_EQ(transform2->GetFixedParameters()[7], g.direction[1]);
  EXPECT_LT(LargestPlaneDifference(grid, 0.0), 1e-9);
}

TEST(RegistrationItk2D, AnyPlaneInsideTheSupportMatchesThe3DTransform) {
  const BSplineGrid grid = OneSliceGrid(11);
  for (double z : {0.0, 2.9, 5.5, 7.999})
    EXPECT_LT(LargestPlaneDifference(grid, z), 1e-9) << "plane z = " << z;
}

TEST(RegistrationItk2D, PlaneOutsideTheSupportIsTheIdentityAsIn3D) {
  const BSplineGrid grid = OneSliceGrid(5);
  for (double z : {-0.5, 8.5, 30.0}) {
    EXPECT_LT(LargestPlaneDifference(grid, z), 1e-9) << "plane z = " << z;
    const auto transform2 = ToItkBSplineTransform2D(grid, z);
    EXPECT_EQ(transform2->GetParameters().inf_norm(), 0.0) << "plane z = " << z;
  }
}

TEST(RegistrationItk2D, GridWhoseZAxisIsTiltedIsRefused) {
  TransformDomain domain;
  const double c = std::cos(0.2), s = std::sin(0.2);
  domain.direction = {1, 0, 0, 0, c, -s, 0, s, c};
  const BSplineGrid grid(domain);
  try {
    ToItkBSplineTransform2D(grid);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("z axis is not the physical z axis"), std::string::npos)
        << e.what();
  }
}

TEST(RegistrationItkAffine, MatrixAndOffsetRoundTrip3D) {
  auto itkAffine = itk::AffineTransform<double, 3>::New();
  itk::AffineTransform<double, 3>::OutputVectorType axis;
  axis[0] = 0.2, axis[1] = -0.4, axis[2] = 0.9;
  itkAffine->Rotate3D(axis, 0.3);
  itkAffine->Scale(1.1);
  itk::Point<double, 3> center;
  center[0] = 10, center[1] = -5, center[2] = 40;
  itkAffine->SetCenter(center);
  itk::AffineTransform<double, 3>::OutputVectorType translation;
  translation[0] = 3, translation[1] = -2, translation[2] = 7;
  itkAffine->Translate(translation);

  const AffineTransform affine = ToAffineTransform<3>(*itkAffine);
  itk::Point<double, 3> x;
  x[0] = 12.5, x[1] = -40, x[2] = 3;
  const auto expected = itkAffine->TransformPoint(x);
  for (int r = 0; r < 3; ++r) {
    const double y = affine.matrix[3 * r] * x[0] + affine.matrix[3 * r + 1] * x[1] +
                     affine.matrix[3 * r + 2] * x[2] + affine.offset[r];
    EXPECT_NEAR(y, expected[r], 1e-12);
  }
  const auto back = ToItkAffineTransform<3>(affine)->TransformPoint(x);
  for (int r = 0; r < 3; ++r) EXPECT_NEAR(back[r], expected[r], 1e-12);
}

TEST(RegistrationItkAffine, TwoDimensionalAffineLeavesZAlone) {
  auto itkAffine = itk::AffineTransform<double, 2>::New();
  itkAffine->Rotate2D(0.25);
  itk::AffineTransform<double, 2>::OutputVectorType translation;
  translation[0] = 4, translation[1] = -1.5;
  itkAffine->Translate(translation);
  const AffineTransform affine = ToAffineTransform<2>(*itkAffine);
  EXPECT_EQ(affine.matrix[2], 0.0);
  EXPECT_EQ(affine.matrix[6], 0.0);
  EXPECT_EQ(affine.matrix[8], 1.0);
  EXPECT_EQ(affine.offset[2], 0.0);
  itk::Point<double, 2> x;
  x[0] = 7, x[1] = 9;
  const auto expected = itkAffine->TransformPoint(x);
  const auto back = ToItkAffineTransform<2>(affine)->TransformPoint(x);
  EXPECT_NEAR(back[0], expected[0], 1e-12);
  EXPECT_NEAR(back[1], expected[1], 1e-12);

  AffineTransform movesZ = affine;
  movesZ.offset[2] = 2.0;
  EXPECT_THROW(ToItkAffineTransform<2>(movesZ), InvalidArgument);
}

TEST(RegistrationItkAffine, NonFiniteEntriesAreRefused) {
  auto itkAffine = itk::AffineTransform<double, 3>::New();
  auto parameters = itkAffine->GetParameters();
  parameters[4] = std::nan("");
  itkAffine->SetParameters(parameters);
  try {
    ToAffineTransform<3>(*itkAffine);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("matrix holds nan; expected finite numbers"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace cumed::registration
