// BSplineGrid: ITK's coefficient layout from a transform domain, the domain back, named errors.
#include "RandomGrids.h"

#include "cumed/core/Error.h"
#include "cumed/registration/BSplineGrid.h"

#include <gtest/gtest.h>

#include <string>

namespace cumed::registration {
namespace {

template <class F> std::string ErrorOf(F&& f) {
  try {
    f();
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "no InvalidArgument";
}

TEST(BSplineGrid, AxisAlignedLayoutIsItks) {
  TransformDomain domain;
  domain.origin = {10.0, -4.0, 2.0};
  domain.physicalDimensions = {40.0, 30.0, 10.0};
  domain.meshSize = {4, 3, 2};
  const BSplineGrid grid(domain);
  const ImageGeometry& g = grid.coefficientGeometry();
  EXPECT_EQ(g.size, (std::array<std::size_t, 3>{7, 6, 5}));
  EXPECT_EQ(g.spacing, (std::array<double, 3>{10.0, 10.0, 5.0}));
  // One cell before the domain's origin along each axis.
  EXPECT_EQ(g.origin, (std::array<double, 3>{0.0, -14.0, -3.0}));
  EXPECT_EQ(grid.meshSize(), domain.meshSize);
  EXPECT_EQ(grid.numberOfControlPoints(), 7u * 6u * 5u);
  for (int c = 0; c < 3; ++c)
    for (double v : grid.coefficients(c)) EXPECT_EQ(v, 0.0);
}

TEST(BSplineGrid, RotatedDomainComesBack) {
  TransformDomain domain;
  domain.origin = {-12.5, 7.25, 30.0};
  domain.physicalDimensions = {80.0, 45.0, 120.0};
  domain.direction = test::Rotation(0.3, -0.5, 0.8, 0.4);
  domain.meshSize = {4, 3, 5};
  const TransformDomain back = BSplineGrid(domain).domain();
  EXPECT_EQ(back.meshSize, domain.meshSize);
  EXPECT_EQ(back.direction, domain.direction);
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(back.origin[a], domain.origin[a], 1e-12);
    EXPECT_NEAR(back.physicalDimensions[a], domain.physicalDimensions[a], 1e-12);
  }
}

TEST(BSplineGrid, BadDomainsAreNamed) {
  TransformDomain domain;
  domain.meshSize = {2, 0, 2};
  EXPECT_NE(ErrorOf([&] { BSplineGrid{domain}; }).find("mesh size along y is 0"),
            std::string::npos);
  domain.meshSize = {2, 2, 2};
  domain.physicalDimensions = {1.0, 1.0, -3.0};
  EXPECT_NE(ErrorOf([&] { BSplineGrid{domain}; }).find("physical dimension along z is -3"),
            std::string::npos);
  domain.physicalDimensions = {0.0, 1.0, 1.0};
  EXPECT_NE(ErrorOf([&] { BSplineGrid{domain}; }).find("physical dimension along x is 0"),
            std::string::npos);
  domain.physicalDimensions = {1.0, 1.0, 1.0};
  domain.direction = {1, 0, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_NE(ErrorOf([&] { BSplineGrid{domain}; }).find("direction is singular"), std::string::npos);
}

TEST(BSplineGrid, BadCoefficientGridsAreNamed) {
  ImageGeometry g;
  g.size = {4, 3, 4};
  const auto zeros = [](std::size_t n) {
    return std::array<std::vector<double>, 3>{std::vector<double>(n), std::vector<double>(n),
                                              std::vector<double>(n)};
  };
  EXPECT_NE(ErrorOf([&] { BSplineGrid(g, zeros(48)); }).find("grid size along y is 3"),
            std::string::npos);
  g.size = {4, 4, 4};
  g.spacing = {1.0, 0.0, 1.0};
  EXPECT_NE(ErrorOf([&] { BSplineGrid(g, zeros(64)); }).find("spacing along y is 0"),
            std::string::npos);
  g.spacing = {1.0, 1.0, 1.0};
  auto wrong = zeros(64);
  wrong[2].resize(63);
  EXPECT_NE(ErrorOf([&] {
              BSplineGrid(g, wrong);
            }).find("coefficient array 2 has 63 values; expected 64"),
            std::string::npos);
  BSplineGrid grid(g, zeros(64));
  EXPECT_NE(ErrorOf([&] { grid.setCoefficients(zeros(65)); }).find("array 0 has 65 values"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&] { grid.coefficients(3); }).find("component 3"), std::string::npos);
}

} // namespace
} // namespace cumed::registration
