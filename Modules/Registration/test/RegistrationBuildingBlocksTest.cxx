// The registration driver's host-side pieces: control grids per level and their exact
// refinement, the pyramid's halving, and the L-BFGS minimiser.
#include "cumed/core/Error.h"
#include "cumed/registration/DisplacementField.h"
#include "src/Lbfgs.h"
#include "src/LevelImage.h"
#include "src/RegistrationGrid.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace cumed::registration::detail {
namespace {

ImageGeometry ObliqueFixed() {
  ImageGeometry g;
  g.size = {23, 17, 9};
  g.spacing = {1.5, 2.0, 2.5};
  g.origin = {-12.0, 4.0, 30.0};
  const double c = std::cos(0.3), s = std::sin(0.3);
  g.direction = {c, -s, 0, s, c, 0, 0, 0, 1};
  return g;
}

void Randomise(BSplineGrid& grid, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-3.0, 3.0);
  std::array<std::vector<double>, 3> c;
  for (auto& component : c) {
    component.resize(grid.numberOfControlPoints());
    for (double& v : component) v = value(random);
  }
  grid.setCoefficients(std::move(c));
}

TEST(RegistrationGrid, ConstantCoefficientsGiveAConstantFieldOnEveryVoxel) {
  const ImageGeometry fixed = ObliqueFixed();
  BSplineGrid grid = MakeRegistrationGrid(fixed, 7.0);
  const std::size_t n = grid.numberOfControlPoints();
  grid.setCoefficients(
      {std::vector<double>(n, 1.0), std::vector<double>(n, -2.0), std::vector<double>(n, 0.5)});
  const Image field = DisplacementField(grid, fixed, {Backend::CPU});
  const float* u = field.view<float>().data;
  for (std::size_t v = 0; v < fixed.numberOfPixels(); ++v) {
    ASSERT_NEAR(u[3 * v], 1.0, 1e-6) << "voxel " << v << " lies outside the support";
    ASSERT_NEAR(u[3 * v + 1], -2.0, 1e-6);
    ASSERT_NEAR(u[3 * v + 2], 0.5, 1e-6);
  }
}

TEST(RegistrationGrid, RefinementRepresentsTheSameField) {
  for (const ImageGeometry& fixed : {ObliqueFixed(), [] {
                                       ImageGeometry planar = ObliqueFixed();
                                       planar.size[2] = 1;
                                       return planar;
                                     }()}) {
    BSplineGrid coarse = MakeRegistrationGrid(fixed, 12.0);
    Randomise(coarse, 7);
    const BSplineGrid fine = RefineRegistrationGrid(coarse, fixed);
    EXPECT_DOUBLE_EQ(fine.coefficientGeometry().spacing[0], 6.0);
    const Image a = DisplacementField(coarse, fixed, {Backend::CPU});
    const Image b = DisplacementField(fine, fixed, {Backend::CPU});
    const float* ua = a.view<float>().data;
    const float* ub = b.view<float>().data;
    for (std::size_t e = 0; e < 3 * fixed.numberOfPixels(); ++e) ASSERT_NEAR(ua[e], ub[e], 1e-5);
  }
}

TEST(RegistrationGrid, SpacingBelowAVoxelIsNamed) {
  try {
    MakeRegistrationGrid(ObliqueFixed(), 2.2);
    FAIL() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("along z (2.5"), std::string::npos) << e.what();
  }
}

TEST(Pyramid, HalvingAveragesBlocksAtTheirCentres) {
  LevelImage image{ObliqueFixed(), {}};
  image.geometry.size = {4, 3, 2};
  image.pixels.resize(24);
  for (int v = 0; v < 24; ++v) image.pixels[v] = static_cast<float>(v);
  const LevelImage half = HalveResolution(image);
  EXPECT_EQ(half.geometry.size, (std::array<std::size_t, 3>{2, 1, 1}));
  EXPECT_DOUBLE_EQ(half.geometry.spacing[0], 3.0);
  // Voxel (0,0,0): mean of x 0..1, y 0..1, z 0..1 = (0+1+4+5+12+13+16+17)/8.
  EXPECT_FLOAT_EQ(half.pixels[0], 8.5f);
  EXPECT_FLOAT_EQ(half.pixels[1], 10.5f);
  // Its centre is the block's centre: half a finer voxel along each axis from the origin.
  const auto& d = image.geometry.direction;
  for (int r = 0; r < 3; ++r)
    EXPECT_NEAR(half.geometry.origin[r],
                image.geometry.origin[r] + 0.75 * d[3 * r] + 1.0 * d[3 * r + 1] +
                    1.25 * d[3 * r + 2],
                1e-12);
}

TEST(Lbfgs, MinimisesRosenbrock) {
  std::vector<double> x = {-1.2, 1.0, -1.2, 1.0};
  auto rosenbrock = [](const std::vector<double>& p, std::vector<double>* g) {
    double f = 0.0;
    if (g) g->assign(p.size(), 0.0);
    for (std::size_t i = 0; i + 1 < p.size(); i += 2) {
      const double a = p[i + 1] - p[i] * p[i], b = 1.0 - p[i];
      f += 100.0 * a * a + b * b;
      if (g) {
        (*g)[i] += -400.0 * a * p[i] - 2.0 * b;
        (*g)[i + 1] += 200.0 * a;
      }
    }
    return f;
  };
  LbfgsSettings settings;
  settings.maximumIterations = 500;
  settings.relativeTolerance = 0.0;
  settings.firstStep = 0.1;
  int calls = 0;
  const LbfgsOutcome outcome =
      MinimiseLbfgs(rosenbrock, x, settings, [&](int, double, int) { ++calls; });
  EXPECT_LT(outcome.cost, 1e-10) << outcome.stop;
  for (double v : x) EXPECT_NEAR(v, 1.0, 1e-4);
  EXPECT_EQ(calls, outcome.iterations);
}

} // namespace
} // namespace cumed::registration::detail
