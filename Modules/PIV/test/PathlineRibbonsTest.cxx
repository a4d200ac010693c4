// Pathline ribbons on the CPU: exact quads along a straight line, coloured by speed or time,
// degenerate segments past a line's end, triangles facing the normals, named option errors.
#include "cumed/piv/PathlineRibbons.h"

#include "PathlineFields.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::piv;

PathlineSet StraightLines() {
  const PivField field =
      cumed::piv::test::AnalyticField(5, 4, 8.f, 16, [](float, float, float& u, float& v) {
        u = 3.f;
        v = 0.f;
      });
  PathlineTraceOptions options;
  options.backend = cumed::Backend::CPU;
  options.stepsPerInterval = 4; // 0.75 px a step, 2 fields: 4 steps
  // Seed 1 leaves the grid after two points.
  return TraceFieldPathlines({field, field}, {{8.f, 8.f}, {71.f, 20.f}}, options);
}

TEST(PivPathlineRibbons, QuadsAlongTheLineColouredBySpeedOrTime) {
  const PathlineSet lines = StraightLines();
  ASSERT_EQ(lines.pointsPerLine, 5);
  ASSERT_EQ(lines.length[1], 2);
  PathlineRibbonOptions options;
  options.width = 2.f;
  options.z = -1.f;
  const PathlineRibbons ribbons = BuildPathlineRibbons(lines, options);
  ASSERT_EQ(ribbons.backendUsed, cumed::Backend::CPU);
  const cumed::SurfaceMesh& mesh = ribbons.host;
  ASSERT_EQ(mesh.numberOfPoints(), 2 * 4 * kRibbonPoints);
  ASSERT_EQ(mesh.numberOfTriangles(), 2 * 4 * kRibbonTriangles);
  // Segment 1 of line 0: (8.75, 8) to (9.5, 8), 1 px either side.
  const float expected[4][3] = {
      {8.75f, 9.f, -1.f}, {8.75f, 7.f, -1.f}, {9.5f, 7.f, -1.f}, {9.5f, 9.f, -1.f}};
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR(mesh.points[3 * (4 + p) + c], expected[p][c], 1e-6) << "corner " << p;
      EXPECT_EQ(mesh.normals[3 * (4 + p) + c], c == 2 ? -1.f : 0.f);
    }
  EXPECT_EQ(mesh.attributes[0][4], 3.f); // speed: 3 px per time unit
  // Facing -z: clockwise seen from +z.
  const std::int64_t triangles[6] = {4, 6, 5, 4, 7, 6};
  for (int c = 0; c < 6; ++c) EXPECT_EQ(mesh.triangles[6 + c], triangles[c]);
  // Line 1 has one segment; its others are degenerate at their start with colour 0.
  EXPECT_NE(mesh.points[3 * (4 * 4)], mesh.points[3 * (4 * 4 + 2)]);
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(mesh.points[3 * (4 * 5 + p) + 1], mesh.points[3 * (4 * 5) + 1]);
    EXPECT_EQ(mesh.attributes[0][4 * 5 + p], 0.f);
  }

  options.colour = RibbonColour::Time;
  const PathlineRibbons timed = BuildPathlineRibbons(lines, options);
  EXPECT_EQ(timed.host.attributes[0][4], 0.25f);    // segment 1 starts at t = 0.25
  EXPECT_EQ(timed.host.attributes[0][4 + 2], 0.5f); // and ends at 0.5
}

TEST(PivPathlineRibbons, BadOptionsAreNamed) {
  const PathlineSet lines = StraightLines();
  PathlineRibbonOptions options;
  options.width = 0.f;
  try {
    BuildPathlineRibbons(lines, options);
    ADD_FAILURE() << "no error";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("width = 0.000000 is out of range"), std::string::npos);
  }
  PathlineSet truncated = lines;
  truncated.x.pop_back();
  EXPECT_THROW(BuildPathlineRibbons(truncated), cumed::InvalidArgument);
}

} // namespace
