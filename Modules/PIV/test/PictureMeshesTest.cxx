// The meshes of PIV pictures (PictureMeshes.h) on the CPU: the arrows are BuildArrowGlyphs' with
// the longest drawn arrow a grid step long, in front of the frame, coloured over the drawn
// vectors' range (magnitude from lowest to highest, vorticity symmetric about 0, never empty);
// pathline ribbons are BuildPathlineRibbons' coloured by speed over the lines' points.
#include "cumed/piv/PictureMeshes.h"

#include "PathlineFields.h"
#include "cumed/piv/ArrowGlyphs.h"
#include "cumed/piv/DerivedFields.h"
#include "cumed/piv/PathlineRibbons.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using namespace cumed::piv;

/// A 4 x 3 field (step 16) with vectors of lengths 1..12 px; vector 5 invalid (not drawn) and
/// the longest of all.
PivField SmallField() {
  PivField field;
  field.resize(4, 3);
  field.step = 16;
  field.windowSize = 32;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i) {
      const std::size_t k = std::size_t(j * 4 + i);
      field.x[k] = 16.f + 16.f * float(i);
      field.y[k] = 16.f + 16.f * float(j);
      field.u[k] = 0.6f * float(k + 1);
      field.v[k] = -0.8f * float(k + 1) * (j == 1 ? -1.f : 1.f);
    }
  field.u[5] = 100.f;
  field.flags[5] = InvalidPeak;
  return field;
}

TEST(PivPictureMeshes, ArrowsAreTheGlyphsScaledToAGridStep) {
  const PivField field = SmallField();
  ArrowStyle style;
  style.timeBetweenFrames = 2.0;
  const ColouredMesh arrows = BuildArrowPicture(field, style);
  EXPECT_EQ(arrows.builtOn, cumed::Backend::CPU);
  EXPECT_FALSE(arrows.device);
  EXPECT_EQ(arrows.colourName, "magnitude");

  // Magnitude: |(u, v)| / dt over the drawn vectors (5 is not drawn), lengths 1..12 px.
  const DerivedFields derived = ComputeDerivedFields(field, {2.0, 1.0});
  double low = HUGE_VAL, high = -HUGE_VAL;
  for (std::size_t k = 0; k < field.size(); ++k)
    if (k != 5) {
      low = std::min(low, double(derived.magnitude[k]));
      high = std::max(high, double(derived.magnitude[k]));
    }
  EXPECT_DOUBLE_EQ(arrows.colourRange[0], low);
  EXPECT_DOUBLE_EQ(arrows.colourRange[1], high);
  EXPECT_NEAR(low, 0.5, 1e-6);
  EXPECT_NEAR(high, 6.0, 1e-6);

  // The glyphs themselves, the longest drawn vector (12 px) one step (16 px) long.
  double longest = 0;
  for (std::size_t k = 0; k < field.size(); ++k)
    if (k != 5) longest = std::max(longest, std::hypot(double(field.u[k]), double(field.v[k])));
  EXPECT_NEAR(longest, 12.0, 1e-5);
  ArrowGlyphOptions options;
  options.scale = float(16.0 / longest);
  options.z = -1.f;
  options.backend = cumed::Backend::CPU;
  const ArrowGlyphs expected = BuildArrowGlyphs(field, derived.magnitude, options);
  EXPECT_EQ(arrows.host.points, expected.host.points);
  EXPECT_EQ(arrows.host.triangles, expected.host.triangles);
  ASSERT_EQ(arrows.host.attributes.size(), expected.host.attributes.size());
  EXPECT_EQ(arrows.host.attributes[0], expected.host.attributes[0]);
  for (std::size_t p = 2; p < arrows.host.points.size(); p += 3)
    ASSERT_EQ(arrows.host.points[p], -1.f) << "in front of the frame";
}

TEST(PivPictureMeshes, VorticityIsColouredSymmetricallyAboutZero) {
  const PivField field = SmallField();
  ArrowStyle style;
  style.colour = ArrowColour::Vorticity;
  const ColouredMesh arrows = BuildArrowPicture(field, style);
  EXPECT_EQ(arrows.colourName, "vorticity");
  EXPECT_STREQ(ToString(ArrowColour::Vorticity), "vorticity");
  const DerivedFields derived = ComputeDerivedFields(field, {1.0, 1.0});
  double extent = 0;
  for (std::size_t k = 0; k < field.size(); ++k)
    if (k != 5 && std::isfinite(derived.vorticity[k]))
      extent = std::max(extent, std::abs(double(derived.vorticity[k])));
  ASSERT_GT(extent, 0);
  EXPECT_DOUBLE_EQ(arrows.colourRange[0], -extent);
  EXPECT_DOUBLE_EQ(arrows.colourRange[1], extent);
}

TEST(PivPictureMeshes, NothingDrawnStillHasARange) {
  PivField field = SmallField();
  std::fill(field.flags.begin(), field.flags.end(), std::uint8_t(Masked));
  const ColouredMesh arrows = BuildArrowPicture(field, {});
  EXPECT_EQ(arrows.colourRange[0], 0.0);
  EXPECT_EQ(arrows.colourRange[1], 1.0);
}

TEST(PivPictureMeshes, PathlinesAreRibbonsColouredBySpeed) {
  // Speed 2 + x / 32 along x: the lines speed up.
  const PivField field =
      cumed::piv::test::AnalyticField(6, 4, 8.f, 16, [](float x, float, float& u, float& v) {
        u = 2.f + x / 32.f;
        v = 0.f;
      });
  PathlineTraceOptions trace;
  trace.backend = cumed::Backend::CPU;
  trace.stepsPerInterval = 4;
  const PathlineSet lines = TraceFieldPathlines({field, field}, {{8.f, 8.f}, {8.f, 40.f}}, trace);
  const ColouredMesh ribbons = BuildPathlinePicture(lines, 2.f);
  EXPECT_EQ(ribbons.colourName, "speed");
  EXPECT_EQ(ribbons.builtOn, cumed::Backend::CPU);

  double low = HUGE_VAL, high = -HUGE_VAL;
  for (int s = 0; s < lines.seeds; ++s)
    for (int n = 0; n < lines.length[std::size_t(s)]; ++n) {
      low = std::min(low, double(lines.speed[std::size_t(s) * lines.pointsPerLine + n]));
      high = std::max(high, double(lines.speed[std::size_t(s) * lines.pointsPerLine + n]));
    }
  ASSERT_LT(low, high);
  EXPECT_DOUBLE_EQ(ribbons.colourRange[0], low);
  EXPECT_DOUBLE_EQ(ribbons.colourRange[1], high);

  PathlineRibbonOptions options;
  options.width = 2.f;
  options.colour = RibbonColour::Speed;
  options.z = -1.f;
  const PathlineRibbons expected = BuildPathlineRibbons(lines, options);
  EXPECT_EQ(ribbons.host.points, expected.host.points);
  EXPECT_EQ(ribbons.host.triangles, expected.host.triangles);
}

} // namespace
