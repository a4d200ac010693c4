// Velocity, vorticity and divergence from measured fields of flows with known values: a
// solid-body rotation (the core of a Rankine vortex: vorticity 2 omega, no divergence), a shear
// (vorticity -rate) and a uniform expansion (divergence 2 k), in physical units.
#include "cumed/piv/DerivedFields.h"
#include "FieldErrors.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/piv/PathlineTracing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <random>
#include <string>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

struct Stats {
  double mean = 0, rms = 0; ///< over interior vectors (two windows from the edges)
};

Stats Interior(const PivField& field, const std::vector<float>& values, double expected) {
  Stats s;
  int n = 0;
  for (int r = 2; r < field.rows - 2; ++r)
    for (int c = 2; c < field.columns - 2; ++c) {
      const double v = values[r * field.columns + c];
      s.mean += v;
      s.rms += (v - expected) * (v - expected);
      ++n;
    }
  s.mean /= n;
  s.rms = std::sqrt(s.rms / n);
  return s;
}

PivField Measure(const cumed::testing::DisplacementField& truth) {
  cumed::testing::ParticleImageSettings settings;
  settings.particlesPerPixel = 0.08;
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32, 16};
  return Evaluate(cumed::testing::RenderParticlePair(settings, truth), options);
}

TEST(PivDerivedFields, SolidBodyRotation) {
  const double omega = 0.03; // rad per frame pair
  const PivField field = Measure(cumed::testing::RotationDisplacement(127.5, 127.5, omega));
  PhysicalUnits units;
  units.timeBetweenFrames = 0.002; // s
  units.pixelSize = 0.05;          // mm
  const DerivedFields d = ComputeDerivedFields(field, units);
  // dx = -omega (y - cy), dy = omega (x - cx): dV/dx - dU/dy = 2 omega per frame pair.
  const double expected = 2 * omega / units.timeBetweenFrames; // 30 1/s
  const Stats vorticity = Interior(field, d.vorticity, expected);
  const Stats divergence = Interior(field, d.divergence, 0.0);
  std::cout << "rotation: vorticity mean " << vorticity.mean << " 1/s (expected " << expected
            << "), rms error " << vorticity.rms << "; divergence mean " << divergence.mean
            << ", rms " << divergence.rms << "\n";
  EXPECT_NEAR(vorticity.mean, expected, 0.01 * expected);
  EXPECT_LT(vorticity.rms, 0.1 * expected);
  EXPECT_NEAR(divergence.mean, 0.0, 0.01 * expected);
  EXPECT_LT(divergence.rms, 0.1 * expected);
  // Units: positions in mm, velocity in mm/s.
  const int i = 5 * field.columns + 7;
  EXPECT_FLOAT_EQ(d.x[i], float(field.x[i] * 0.05));
  EXPECT_NEAR(d.velocityU[i], field.u[i] * 0.05 / 0.002, 1e-3);
  EXPECT_NEAR(d.magnitude[i], std::hypot(d.velocityU[i], d.velocityV[i]), 1e-3);
}

TEST(PivDerivedFields, ShearAndExpansion) {
  const double rate = 0.04;
  const PivField shear = Measure(cumed::testing::ShearDisplacement(127.5, rate));
  const DerivedFields s = ComputeDerivedFields(shear);
  // dx = rate (y - cy): dU/dy = rate, vorticity -rate.
  const Stats vorticity = Interior(shear, s.vorticity, -rate);
  std::cout << "shear: vorticity mean " << vorticity.mean << " (expected " << -rate << "), rms "
            << vorticity.rms << "\n";
  // One pair's mean of central differences: -1.2 % on this seed without the pair-loss
  // correction in the deformed passes (the least-squares slope over six seeds is -0.15 %).
  EXPECT_NEAR(vorticity.mean, -rate, 0.015 * rate);
  EXPECT_LT(vorticity.rms, 0.15 * rate);

  const double k = 0.02;
  const PivField expansion = Measure([k](double x, double y, double& dx, double& dy) {
    dx = k * (x - 127.5);
    dy = k * (y - 127.5);
  });
  const DerivedFields e = ComputeDerivedFields(expansion);
  const Stats divergence = Interior(expansion, e.divergence, 2 * k);
  std::cout << "expansion: divergence mean " << divergence.mean << " (expected " << 2 * k
            << "), rms " << divergence.rms << "\n";
  EXPECT_NEAR(divergence.mean, 2 * k, 0.01 * 2 * k);
  EXPECT_LT(divergence.rms, 0.1 * 2 * k);
}

TEST(PivDerivedFields, MaskedNeighboursAndUnits) {
  PivField field;
  field.resize(3, 1);
  field.step = 10;
  field.u = {0.f, 1.f, 5.f};
  field.flags = {0, 0, Masked};
  const DerivedFields d = ComputeDerivedFields(field);
  EXPECT_FLOAT_EQ(d.divergence[0], 0.1f); // one-sided: (1 - 0) / 10
  EXPECT_FLOAT_EQ(d.divergence[1], 0.1f); // the masked neighbour is skipped
  EXPECT_EQ(d.magnitude[2], 0.f);
  PhysicalUnits bad;
  bad.timeBetweenFrames = 0;
  try {
    ComputeDerivedFields(field, bad);
    ADD_FAILURE() << "accepted a zero time between frames";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("timeBetweenFrames = 0"), std::string::npos) << e.what();
  }
}

// Issue 25: --dt 1e-40 and --pixel-size 1e40 wrote inf velocities; the library refuses them by
// name and value, and no accepted pair of units gives a non-finite output.
std::string Refusal(const PivField& field, double dt, double pixelSize) {
  try {
    ComputeDerivedFields(field, {dt, pixelSize});
  } catch (const cumed::InvalidArgument& e) {
    return e.what();
  }
  return {};
}

PivField SmallField() {
  PivField field;
  field.resize(3, 2);
  field.step = 8;
  field.u = {0.f, 1.f, 12.f, -3.f, 7.5f, 2.f};
  field.v = {1.f, -1.f, 0.f, 30.f, 0.f, 4.f};
  field.x = {4.f, 12.f, 20.f, 4.f, 12.f, 20.f};
  field.y = {4.f, 4.f, 4.f, 12.f, 12.f, 12.f};
  return field;
}

TEST(PivDerivedFields, UnitsOutsideTheirRangeAreRefusedByName) {
  const PivField field = SmallField();
  EXPECT_EQ(Refusal(field, 1e-40, 1.0),
            "timeBetweenFrames = 1e-40 is outside 1e-12..1e+12 (time between the frames of a "
            "pair)");
  EXPECT_EQ(Refusal(field, 1.0, 1e40), "pixelSize = 1e+40 is outside 1e-12..1e+12 (length per px)");
  EXPECT_EQ(Refusal(field, std::nan(""), 1.0), "timeBetweenFrames = nan is not a finite number");
  EXPECT_EQ(Refusal(field, 1e-12, 1e12), ""); // both at their limits: finite
}

TEST(PivDerivedFields, PathlineTimesHaveTheRangeOfTheUnits) {
  EXPECT_NO_THROW(CheckPathlineTimes(1e-12, 1e12));
  try {
    CheckPathlineTimes(1e300, 1.0);
    ADD_FAILURE() << "accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "fieldInterval = 1e+300 is outside 1e-12..1e+12 (time "
                                     "between successive fields)");
  }
  EXPECT_THROW(CheckPathlineTimes(1.0, std::nan("")), cumed::InvalidArgument);
}

TEST(PivDerivedFields, NonFiniteDisplacementsAreCarriedNotRefused) {
  PivField field = SmallField();
  field.u[2] = std::numeric_limits<float>::infinity();
  const DerivedFields d = ComputeDerivedFields(field, {1.0, 1.0});
  EXPECT_GT(cumed::numbers::CountNonFinite(d.velocityU), 0u);
}

TEST(PivDerivedFields, SeededHostileUnitsAreRefusedByNameOrGiveFiniteFields) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  const double values[] = {0.0,   -0.0,  5e-324,       1e-300,
                           1e-40, 1e-13, 1e-12,        1e-3,
                           1.0,   1e12,  1e13,         1e40,
                           1e300, -1.0,  std::nan(""), std::numeric_limits<double>::infinity(),
                           9.2e18};
  const PivField field = SmallField();
  for (int i = 0; i < 300; ++i) {
    const double dt = values[random() % std::size(values)];
    const double pixel = values[random() % std::size(values)];
    try {
      const DerivedFields d = ComputeDerivedFields(field, {dt, pixel});
      for (const auto* a :
           {&d.x, &d.y, &d.velocityU, &d.velocityV, &d.magnitude, &d.vorticity, &d.divergence})
        EXPECT_EQ(cumed::numbers::CountNonFinite(*a), 0u)
            << "seed " << seed << ": dt " << dt << " pixel size " << pixel;
    } catch (const cumed::InvalidArgument& e) {
      const std::string text = e.what();
      const bool named =
          text.rfind("timeBetweenFrames = " + cumed::numbers::FormatNumber(dt), 0) == 0 ||
          text.rfind("pixelSize = " + cumed::numbers::FormatNumber(pixel), 0) == 0;
      EXPECT_TRUE(named) << "seed " << seed << ": " << text;
    }
  }
}

} // namespace
