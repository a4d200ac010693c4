// Pathlines through analytic fields on every backend: uniform flow gives straight lines of exact
// length that stop at the grid's edge or before masked and invalid vectors; solid-body rotation
// keeps points on their circles (RK4 far closer than RK2); no seeds give no lines and no ribbons;
// bad sequences and options are named.
#include "cumed/piv/PathlineTracing.h"
#include "cumed/piv/PathlineRibbons.h"

#include "PathlineFields.h"
#include "cumed/core/Error.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using namespace cumed::piv;
using cumed::piv::test::AnalyticField;

PivField Uniform(float u, float v) {
  return AnalyticField(5, 4, 8.f, 16, [=](float, float, float& fu, float& fv) {
    fu = u;
    fv = v;
  });
}

class PivPathlineTrace : public cumed::test::BackendTest<> {};

TEST_P(PivPathlineTrace, UniformFlowGivesStraightLinesOfExactLength) {
  // 3 px displacement over 0.5 time units: 6 px per time unit; fields 2 time units apart and
  // 4 steps each: 0.5 time units, 3 px a step, 8 steps over the three fields.
  PathlineTraceOptions options;
  options.fieldInterval = 2.0;
  options.displacementTime = 0.5;
  options.backend = backend();
  const std::vector<PivField> fields(3, Uniform(3.f, 0.f));
  const PathlineSet lines = TraceFieldPathlines(fields, {{8.f, 8.f}, {60.f, 20.f}}, options);
  EXPECT_EQ(lines.backendUsed, backend());
  ASSERT_EQ(lines.seeds, 2);
  ASSERT_EQ(lines.pointsPerLine, 9);
  EXPECT_DOUBLE_EQ(lines.timeStep, 0.5);
  ASSERT_EQ(lines.length[0], 9);
  for (int n = 0; n < 9; ++n) {
    EXPECT_EQ(lines.x[n], 8.f + 3.f * float(n)) << "point " << n;
    EXPECT_EQ(lines.y[n], 8.f) << "point " << n;
    EXPECT_EQ(lines.speed[n], 6.f) << "point " << n;
  }
  // 60, 63, .., 72 (the last column's centre, still inside); the next midpoint is outside.
  ASSERT_EQ(lines.length[1], 5);
  EXPECT_EQ(lines.x[9 + 4], 72.f);
  EXPECT_EQ(lines.x[9 + 5], 0.f) << "entries past a line's end are 0";
}

TEST_P(PivPathlineTrace, MaskedAndInvalidVectorsStopTheLine) {
  // 1 px a step along x. A point at row j (< rows - 1) samples rows j and j + 1.
  PivField field = AnalyticField(8, 5, 0.f, 1, [](float, float, float& u, float& v) {
    u = 1.f;
    v = 0.f;
  });
  field.flags[0 * 8 + 3] = Masked; // row 0: cells [2, 3] and [3, 4] carry no flow
  field.u[0 * 8 + 3] = 0.f;
  field.flags[2 * 8 + 5] = MedianOutlier;            // row 2: an outlier left in place
  field.flags[4 * 8 + 5] = MedianOutlier | Replaced; // row 4: replaced, so it flows
  PathlineTraceOptions options;
  options.stepsPerInterval = 7;
  options.fieldInterval = 7.0; // 7 steps of 1 px
  options.backend = backend();
  const PathlineSet lines = TraceFieldPathlines(
      {field, field}, {{0.f, 0.f}, {0.f, 2.f}, {0.f, 4.f}, {3.f, 0.f}}, options);
  ASSERT_EQ(lines.pointsPerLine, 8);
  ASSERT_EQ(lines.length.size(), 4u);
  // x = 2 would sample the cell [2, 3] with the masked corner: the line ends at x = 1.
  EXPECT_EQ(lines.length[0], 2);
  EXPECT_EQ(lines.x[1], 1.f);
  // x = 4 would sample the outlier's cell [4, 5]: the line ends at x = 3.
  EXPECT_EQ(lines.length[1], 4);
  EXPECT_EQ(lines.x[8 + 3], 3.f);
  // Through the replaced vector to the last column: x = 0..7.
  EXPECT_EQ(lines.length[2], 8);
  EXPECT_EQ(lines.x[2 * 8 + 7], 7.f);
  // A seed in a cell without flow has no point.
  EXPECT_EQ(lines.length[3], 0);
}

TEST_P(PivPathlineTrace, SolidBodyRotationKeepsPointsOnCircles) {
  // One turn in 10 time units about (20, 20); bilinear interpolation of this linear field is
  // exact, so what drifts is the integration: RK2's radius grows by about (w dt)^4 / 8 a step,
  // RK4's changes by (w dt)^6 / 144.
  const float w = float(2 * M_PI / 10);
  const PivField field = AnalyticField(41, 41, 0.f, 1, [=](float x, float y, float& u, float& v) {
    u = -w * (y - 20.f);
    v = w * (x - 20.f);
  });
  const std::vector<PivField> fields(11, field);
  PathlineTraceOptions options;
  options.backend = backend();
  double drift[2] = {0, 0};
  for (PathlineScheme scheme : {PathlineScheme::Midpoint, PathlineScheme::RungeKutta4}) {
    options.scheme = scheme;
    const PathlineSet lines = TraceFieldPathlines(fields, {{30.f, 20.f}, {20.f, 14.f}}, options);
    for (int s = 0; s < 2; ++s) {
      ASSERT_EQ(lines.length[s], 41) << "seed " << s;
      const double r0 = s == 0 ? 10.0 : 6.0;
      for (int n = 0; n < 41; ++n) {
        const std::size_t k = std::size_t(s) * 41 + n;
        const double r = std::hypot(lines.x[k] - 20.0, lines.y[k] - 20.0);
        drift[int(scheme)] = std::max(drift[int(scheme)], std::abs(r - r0));
        EXPECT_NEAR(lines.speed[k], w * r, 1e-4 * r0) << "seed " << s << " point " << n;
      }
      // A whole turn: back at the seed (RK2 lags by about (w dt)^3 / 6 rad a step, 0.26 px at
      // r = 10, so only RK4 is held to it).
      const std::size_t last = std::size_t(s) * 41 + 40;
      if (scheme == PathlineScheme::RungeKutta4) {
        EXPECT_NEAR(lines.x[last], lines.x[std::size_t(s) * 41], 1e-3) << "seed " << s;
        EXPECT_NEAR(lines.y[last], lines.y[std::size_t(s) * 41], 1e-3) << "seed " << s;
      }
    }
  }
  // RK2: (w dt)^4 / 8 * 40 steps * 10 px = 0.03 px; RK4: below 1e-3 px (float rounding).
  EXPECT_LT(drift[0], 0.04);
  EXPECT_GT(drift[0], 0.01);
  EXPECT_LT(drift[1], 1e-3);
}

// No ribbons either, where the backend keeps them: on the host for the CPU, else on the device.
TEST_P(PivPathlineTrace, NoSeedsGiveNoLinesAndNoRibbons) {
  PathlineTraceOptions options;
  options.backend = backend();
  const std::vector<PivField> fields(2, Uniform(3.f, 0.f));
  const PathlineSet lines = TraceFieldPathlines(fields, {}, options);
  EXPECT_EQ(lines.backendUsed, backend());
  EXPECT_EQ(lines.seeds, 0);
  const PathlineRibbons ribbons = BuildPathlineRibbons(lines);
  ASSERT_EQ(ribbons.backendUsed, backend());
  if (backend() == cumed::Backend::CPU) {
    EXPECT_EQ(ribbons.host.numberOfPoints(), 0);
    EXPECT_EQ(ribbons.host.numberOfTriangles(), 0);
  } else {
    ASSERT_TRUE(ribbons.device);
    EXPECT_EQ(ribbons.device->numberOfPoints, 0);
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivPathlineTrace);

TEST(PivPathlines, SeedGridTakesEveryKthCentre) {
  const std::vector<std::array<float, 2>> seeds = SeedGrid(Uniform(1.f, 0.f), 2);
  ASSERT_EQ(seeds.size(), 6u);
  EXPECT_EQ(seeds[1], (std::array<float, 2>{40.f, 8.f}));
  EXPECT_EQ(seeds[3], (std::array<float, 2>{8.f, 40.f}));
  EXPECT_THROW(SeedGrid(Uniform(1.f, 0.f), 0), cumed::InvalidArgument);
}

void ExpectError(const std::vector<PivField>& fields, const PathlineTraceOptions& options,
                 const std::string& fragment) {
  try {
    TraceFieldPathlines(fields, {{8.f, 8.f}}, options);
    ADD_FAILURE() << "no error; expected \"" << fragment << "\"";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(PivPathlines, BadSequencesAndOptionsAreNamed) {
  const PivField field = Uniform(1.f, 0.f);
  ExpectError({}, {}, "pathlines: no fields given");
  const PivField wider =
      AnalyticField(6, 4, 8.f, 16, [](float, float, float& u, float& v) { u = v = 0.f; });
  ExpectError({field, wider}, {}, "field 1 is a 6 x 4 grid but field 0 is 5 x 4");
  const PivField shifted =
      AnalyticField(5, 4, 9.f, 16, [](float, float, float& u, float& v) { u = v = 0.f; });
  ExpectError({field, field, shifted}, {}, "field 2 has other window centres");
  PivField truncated = field;
  truncated.flags.pop_back();
  ExpectError({field, truncated}, {}, "field 1 needs x, y, u, v and flags of columns x rows = 20");
  PathlineTraceOptions options;
  options.fieldInterval = 0.0;
  ExpectError({field}, options, "fieldInterval = 0 is outside 1e-12..1e+12");
  options.fieldInterval = -1.0;
  ExpectError({field}, options, "fieldInterval = -1 is outside 1e-12..1e+12");
  options = {};
  options.displacementTime = std::nan("");
  ExpectError({field}, options, "displacementTime = nan is not a finite number");
  options = {};
  options.stepsPerInterval = 0;
  ExpectError({field}, options, "stepsPerInterval = 0 is out of range: 1..1000");
}

} // namespace
