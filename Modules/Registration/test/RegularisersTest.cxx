// The control-grid regularisers (src/Regularisers.h): the analytic gradient against central
// finite differences of the value (random coefficients on an axis-aligned, a rotated anisotropic
// and a planar grid, also where the grid folds), known values (affine -> no bending, uniform
// scaling -> 3 s^2 elasticity and (3 log(1 + s))^2 log-Jacobian, identity -> 0), the penalty's
// steep finite continuation below det 0.1, determinism, bad shapes and weights named;
// RegularisersVsCpu compares the CUDA regulariser with the CPU's.
#include "RandomGrids.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/test/Backends.h"
#include "src/RegistrationEngine.h"
#include "src/RegulariserMath.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace cumed::registration::detail {
namespace {

ControlGridShape AlignedShape() {
  ControlGridShape s;
  s.size[0] = 5, s.size[1] = 6, s.size[2] = 7;
  return s;
}

ControlGridShape RotatedAnisotropicShape() {
  ControlGridShape s;
  s.size[0] = 6, s.size[1] = 5, s.size[2] = 7;
  s.spacing[0] = 4.0, s.spacing[1] = 7.5, s.spacing[2] = 5.5;
  const auto r = test::Rotation(0.3, -0.5, 0.8, 0.4);
  std::copy(r.begin(), r.end(), s.direction);
  return s;
}

/// A 2D registration's grid: rotated in the plane, 4 control points along z.
ControlGridShape PlanarShape() {
  ControlGridShape s;
  s.size[0] = 7, s.size[1] = 6, s.size[2] = 4;
  s.spacing[0] = 3.0, s.spacing[1] = 4.5, s.spacing[2] = 1.0;
  const auto r = test::Rotation(0.0, 0.0, 1.0, 0.6);
  std::copy(r.begin(), r.end(), s.direction);
  s.planar = true;
  return s;
}

std::int64_t Points(const ControlGridShape& s) {
  return s.size[0] * s.size[1] * s.size[2];
}

/// Uniform in [-amplitude, amplitude] times the spacing along the component's axis.
std::vector<float> RandomCoefficients(const ControlGridShape& s, unsigned seed, double amplitude) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-amplitude, amplitude);
  std::vector<float> c(static_cast<std::size_t>(3 * Points(s)));
  for (std::size_t i = 0; i < c.size(); ++i)
    c[i] = static_cast<float>(value(random) * s.spacing[i / Points(s)]);
  return c;
}

/// Coefficients of u(x) = A x + b at the control points' physical positions (origin 0): a cubic
/// B-spline reproduces a linear function, so the field is exactly this affine map.
std::vector<float> AffineCoefficients(const ControlGridShape& s, const double A[9],
                                      const double b[3]) {
  std::vector<float> c(static_cast<std::size_t>(3 * Points(s)));
  for (std::int64_t z = 0; z < s.size[2]; ++z)
    for (std::int64_t y = 0; y < s.size[1]; ++y)
      for (std::int64_t x = 0; x < s.size[0]; ++x) {
        const double index[3] = {double(x) * s.spacing[0], double(y) * s.spacing[1],
                                 double(z) * s.spacing[2]};
        double p[3];
        for (int r = 0; r < 3; ++r)
          p[r] = s.direction[3 * r] * index[0] + s.direction[3 * r + 1] * index[1] +
                 s.direction[3 * r + 2] * index[2];
        const std::int64_t q = x + s.size[0] * (y + s.size[1] * z);
        for (int k = 0; k < 3; ++k)
          c[static_cast<std::size_t>(k * Points(s) + q)] = static_cast<float>(
              A[3 * k] * p[0] + A[3 * k + 1] * p[1] + A[3 * k + 2] * p[2] + b[k]);
      }
  return c;
}

std::vector<float> ScalingCoefficients(const ControlGridShape& s, double scale) {
  const double A[9] = {scale, 0, 0, 0, scale, 0, 0, 0, scale}, b[3] = {0, 0, 0};
  return AffineCoefficients(s, A, b);
}

double Value(const ControlGridShape& s, const RegularisationWeights& w,
             const std::vector<float>& c) {
  return MakeRegulariserCpu(s, w)->evaluate(c.data(), nullptr);
}

std::vector<float> Gradient(const ControlGridShape& s, const RegularisationWeights& w,
                            const std::vector<float>& c, double* value = nullptr) {
  std::vector<float> g(c.size(), 0.0f);
  const double v = MakeRegulariserCpu(s, w)->evaluate(c.data(), g.data());
  if (value) *value = v;
  return g;
}

/// Central differences of the value at every coefficient against the analytic gradient.
void ExpectGradientMatchesFiniteDifferences(const ControlGridShape& s,
                                            const RegularisationWeights& w, std::vector<float> c,
                                            const std::string& what) {
  const std::vector<float> g = Gradient(s, w, c);
  double largest = 0.0;
  for (float v : g) largest = std::max(largest, double(std::fabs(v)));
  ASSERT_GT(largest, 0.0) << what;
  auto regulariser = MakeRegulariserCpu(s, w);
  double worst = 0.0;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const float original = c[i];
    const float step = 1e-3f * float(s.spacing[i / Points(s)]);
    c[i] = original + step;
    const float up = c[i];
    const double plus = regulariser->evaluate(c.data(), nullptr);
    c[i] = original - step;
    const float down = c[i];
    const double minus = regulariser->evaluate(c.data(), nullptr);
    c[i] = original;
    const double difference = (plus - minus) / (double(up) - double(down));
    worst = std::max(worst, std::fabs(difference - double(g[i])) / largest);
  }
  EXPECT_LE(worst, 2e-4) << what << " (largest gradient entry " << largest << ")";
}

RegularisationWeights Only(double bending, double elasticity, double logJacobian) {
  RegularisationWeights w;
  w.bendingEnergy = bending;
  w.linearElasticity = elasticity;
  w.logJacobian = logJacobian;
  return w;
}

struct NamedShape {
  const char* name;
  ControlGridShape shape;
};

std::vector<NamedShape> Shapes() {
  return {{"aligned", AlignedShape()},
          {"rotated anisotropic", RotatedAnisotropicShape()},
          {"planar", PlanarShape()}};
}

TEST(Regularisers, GradientsMatchFiniteDifferences) {
  for (const NamedShape& named : Shapes())
    for (unsigned seed = 1; seed <= 2; ++seed) {
      const std::vector<float> c = RandomCoefficients(named.shape, seed, 0.15);
      const std::string what = std::string(named.name) + " seed " + std::to_string(seed);
      ExpectGradientMatchesFiniteDifferences(named.shape, Only(1, 0, 0), c, what + " bending");
      ExpectGradientMatchesFiniteDifferences(named.shape, Only(0, 1, 0), c, what + " elasticity");
      ExpectGradientMatchesFiniteDifferences(named.shape, Only(0, 0, 1), c, what + " log-Jacobian");
      ExpectGradientMatchesFiniteDifferences(named.shape, Only(0.7, 0.2, 3.0), c, what + " sum");
    }
}

TEST(Regularisers, LogJacobianGradientMatchesWhereTheGridFolds) {
  for (const NamedShape& named : Shapes()) {
    // Coefficients of the spacing's size: many nodes have det <= 0 (the continuation's branch).
    const std::vector<float> c = RandomCoefficients(named.shape, 7, 3.0);
    const RegulariserParams p = CheckedRegulariserParams(named.shape, Only(0, 0, 1));
    int folded = 0;
    for (std::int64_t z = 1; z <= p.interior[2]; ++z)
      for (std::int64_t y = 1; y <= p.interior[1]; ++y)
        for (std::int64_t x = 1; x <= p.interior[0]; ++x) {
          double s[3][kChannels], a[3][kChannels];
          NodeStencilSums(p, c.data(), x, y, z, s);
          // The penalty's value tells the branch: above log(0.1)^2 only below the knee.
          if (NodePenalty(p, s, a) * p.interior[0] * p.interior[1] * p.interior[2] >
              std::log(kLogJacobianKnee) * std::log(kLogJacobianKnee))
            ++folded;
        }
    EXPECT_GT(folded, 0) << named.name;
    ExpectGradientMatchesFiniteDifferences(named.shape, Only(0, 0, 1), c,
                                           std::string(named.name) + " folded");
  }
}

TEST(Regularisers, AffineFieldHasNoBendingEnergy) {
  const double A[9] = {0.1, -0.2, 0.05, 0.3, -0.1, 0.2, -0.15, 0.25, 0.1};
  const double b[3] = {3.0, -2.0, 7.5};
  for (const NamedShape& named : Shapes()) {
    const std::vector<float> c = AffineCoefficients(named.shape, A, b);
    double value = 0.0;
    const std::vector<float> g = Gradient(named.shape, Only(1, 0, 0), c, &value);
    // Rounding of the float coefficients only (a random field gives about 1e-3 here).
    EXPECT_LT(value, 1e-9) << named.name;
    for (float v : g) ASSERT_LT(std::fabs(v), 1e-5) << named.name;
    EXPECT_GT(Value(named.shape, Only(1, 0, 0), RandomCoefficients(named.shape, 3, 0.15)), 1e-4)
        << named.name;
  }
}

TEST(Regularisers, UniformScalingHasTheKnownElasticityAndLogJacobian) {
  const double scale = 0.05;
  for (const NamedShape& named : Shapes()) {
    const std::vector<float> c = ScalingCoefficients(named.shape, scale);
    // du_i/dx_j = s delta_ij (0 along z on a planar grid): strain^2 sum 3 s^2 (2 s^2 planar).
    const double axes = named.shape.planar ? 2.0 : 3.0;
    EXPECT_NEAR(Value(named.shape, Only(0, 1, 0), c), axes * scale * scale, 1e-7) << named.name;
    const double logDet = axes * std::log(1.0 + scale);
    EXPECT_NEAR(Value(named.shape, Only(0, 0, 1), c), logDet * logDet, 1e-6) << named.name;
    // Weighted sum of the parts.
    EXPECT_NEAR(Value(named.shape, Only(0, 2, 0.5), c),
                2 * axes * scale * scale + 0.5 * logDet * logDet, 1e-6)
        << named.name;
  }
}

TEST(Regularisers, IdentityCostsNothing) {
  for (const NamedShape& named : Shapes()) {
    const std::vector<float> zero(static_cast<std::size_t>(3 * Points(named.shape)), 0.0f);
    double value = -1.0;
    std::vector<float> g = Gradient(named.shape, Only(1, 1, 1), zero, &value);
    EXPECT_EQ(value, 0.0) << named.name;
    for (float v : g) ASSERT_EQ(v, 0.0f) << named.name;
    // A translation is the identity's derivatives.
    const double A[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0}, b[3] = {4.0, -1.0, 2.5};
    EXPECT_NEAR(Value(named.shape, Only(1, 1, 1), AffineCoefficients(named.shape, A, b)), 0.0,
                1e-12)
        << named.name;
  }
}

TEST(Regularisers, LogJacobianPenaltyIsSteepAndFiniteWhereItFolds) {
  double slopeAbove = 0.0, slopeBelow = 0.0, slopeAtZero = 0.0, slopeNegative = 0.0;
  const double above = LogJacobianPenalty(kLogJacobianKnee + 1e-9, &slopeAbove);
  const double below = LogJacobianPenalty(kLogJacobianKnee - 1e-9, &slopeBelow);
  EXPECT_NEAR(above, below, 1e-6);
  EXPECT_NEAR(slopeAbove, slopeBelow, 1e-4);
  const double atZero = LogJacobianPenalty(0.0, &slopeAtZero);
  const double negative = LogJacobianPenalty(-1.0, &slopeNegative);
  EXPECT_TRUE(std::isfinite(atZero) && std::isfinite(negative));
  EXPECT_GT(atZero, above);
  EXPECT_GT(negative, atZero);
  EXPECT_LT(slopeAtZero, -100.0);
  EXPECT_LT(slopeNegative, slopeAtZero);
  double slope = 1.0;
  EXPECT_EQ(LogJacobianPenalty(1.0, &slope), 0.0);
  EXPECT_EQ(slope, 0.0);
  // A grid mirrored everywhere (u = -2x: det -1) costs more than one nearly collapsed, finitely.
  const ControlGridShape s = RotatedAnisotropicShape();
  const double mirrored = Value(s, Only(0, 0, 1), ScalingCoefficients(s, -2.0));
  const double collapsed = Value(s, Only(0, 0, 1), ScalingCoefficients(s, -0.5));
  EXPECT_TRUE(std::isfinite(mirrored));
  EXPECT_GT(mirrored, collapsed);
}

TEST(Regularisers, GradientIsAddedAndRepeatable) {
  const ControlGridShape s = RotatedAnisotropicShape();
  const std::vector<float> c = RandomCoefficients(s, 11, 0.3);
  const RegularisationWeights w = Only(1, 0.5, 2);
  const std::vector<float> g = Gradient(s, w, c);
  auto regulariser = MakeRegulariserCpu(s, w);
  std::vector<float> added(c.size(), 1.0f);
  const double first = regulariser->evaluate(c.data(), added.data());
  for (std::size_t i = 0; i < c.size(); ++i) ASSERT_FLOAT_EQ(added[i], 1.0f + g[i]) << i;
  std::vector<float> again(c.size(), 0.0f);
  const double second = regulariser->evaluate(c.data(), again.data());
  EXPECT_EQ(std::memcmp(&first, &second, sizeof first), 0);
  EXPECT_EQ(std::memcmp(g.data(), again.data(), g.size() * sizeof(float)), 0);
  EXPECT_EQ(regulariser->evaluate(c.data(), nullptr), first);
}

template <class F> void ExpectInvalid(F&& make, const std::string& fragment) {
  try {
    make();
    ADD_FAILURE() << "expected InvalidArgument mentioning \"" << fragment << "\"";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Regularisers, BadShapesAndWeightsAreNamed) {
  ControlGridShape s = AlignedShape();
  s.size[1] = 2;
  ExpectInvalid([&] { MakeRegulariserCpu(s, Only(1, 0, 0)); },
                "has 2 control points along y; expected at least 3");
  s = AlignedShape();
  s.spacing[2] = -1.0;
  ExpectInvalid([&] { MakeRegulariserCpu(s, Only(1, 0, 0)); }, "spacing along z is -1");
  s = AlignedShape();
  s.direction[8] = 0.0;
  ExpectInvalid([&] { MakeRegulariserCpu(s, Only(1, 0, 0)); },
                "regulariser control grid direction is singular");
  ExpectInvalid([&] { MakeRegulariserCpu(AlignedShape(), Only(1, -0.5, 0)); },
                "weight linearElasticity is -0.5");
  ExpectInvalid([&] { MakeRegulariserCpu(AlignedShape(), Only(0, 0, std::nan(""))); },
                "weight logJacobian is nan");
}

/// The CUDA regulariser of the accelerated backend against the CPU's (instantiated for it alone).
class RegularisersVsCpu : public cumed::test::BackendTest<> {};

TEST_P(RegularisersVsCpu, MatchesTheCpu) {
  for (const NamedShape& named : Shapes())
    for (double amplitude : {0.15, 1.5}) {
      const ControlGridShape& s = named.shape;
      const std::vector<float> c = RandomCoefficients(s, 21, amplitude);
      const RegularisationWeights w = Only(0.7, 0.2, 3.0);
      double cpuValue = 0.0;
      const std::vector<float> cpu = Gradient(s, w, c, &cpuValue);
      const std::size_t bytes = c.size() * sizeof(float);
      DeviceBuffer coefficients(bytes), gradient(bytes);
      coefficients.upload(c.data(), bytes);
      std::vector<float> ones(c.size(), 1.0f);
      gradient.upload(ones.data(), bytes);
      auto cuda = MakeRegistrationEngine(backend())->regulariser(s, w, nullptr);
      const double value = cuda->evaluate(coefficients.as<float>(), gradient.as<float>());
      EXPECT_NEAR(value, cpuValue, 1e-12 * std::max(1.0, std::fabs(cpuValue))) << named.name;
      EXPECT_EQ(cuda->evaluate(coefficients.as<float>(), nullptr), value) << named.name;
      std::vector<float> g(c.size());
      gradient.download(g.data(), bytes);
      double largest = 0.0, worst = 0.0;
      for (float v : cpu) largest = std::max(largest, double(std::fabs(v)));
      for (std::size_t i = 0; i < g.size(); ++i)
        worst = std::max(worst, std::fabs(double(g[i]) - 1.0 - double(cpu[i])));
      EXPECT_LE(worst, 1e-6 * std::max(1.0, largest)) << named.name << " amplitude " << amplitude;
    }
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(RegularisersVsCpu);

} // namespace
} // namespace cumed::registration::detail
