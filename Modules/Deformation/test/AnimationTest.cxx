// The lattice animations (Animation.h): the built-ins at rest on frame 0 and at their quarter
// period against the formulas, keyframes interpolated linearly and held outside their range, the
// JSON keyframe file (KeyframeFile.h) read and its mistakes named, bad arguments refused.
#include "cumed/deformation/Animation.h"
#include "cumed/core/Error.h"
#include "cumed/deformation/KeyframeFile.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <string>

using namespace cumed;
using namespace cumed::deformation;

namespace {

/// A 3x3x3 lattice over [1, 3] x [2, 6] x [0, 1]: the lattice coordinates s, t, u of point (i, j,
/// k) are i/2, j/2, k/2.
Lattice TestLattice() {
  Lattice lattice;
  lattice.origin = {1, 2, 0};
  lattice.s = {2, 0, 0};
  lattice.t = {0, 4, 0};
  lattice.u = {0, 0, 1};
  return lattice;
}

/// x, y, z of control point (i, j, k) of `points`.
std::array<double, 3> Point(const std::vector<double>& points, int i, int j, int k) {
  const std::size_t p = std::size_t((k * 3 + j) * 3 + i);
  return {points[3 * p], points[3 * p + 1], points[3 * p + 2]};
}

std::string MessageOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "(no InvalidArgument)";
}

std::filesystem::path WriteFile(const std::string& name, const std::string& text) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / name;
  std::ofstream(file) << text;
  return file;
}

TEST(Animation, BuiltInsRestOnFrameZero) {
  const Lattice lattice = TestLattice();
  for (const std::string& name : Animation::BuiltInNames()) {
    const std::vector<double> points = Animation::BuiltIn(name, lattice, 1.0, 8).ControlPoints(0);
    const std::vector<double> rest = lattice.restPoints();
    ASSERT_EQ(points.size(), rest.size()) << name;
    for (std::size_t i = 0; i < rest.size(); ++i) EXPECT_NEAR(points[i], rest[i], 1e-12) << name;
  }
}

TEST(Animation, BuiltInsAtAQuarterPeriodFollowTheirFormulas) {
  const Lattice lattice = TestLattice();
  const double pi = std::acos(-1.0);
  // Frame 1 of 4: the phase is the amplitude.
  {
    // twist: the top layer (u = 1) turned by pi/4 about the axis through s = t = 0.5.
    const auto points = Animation::BuiltIn("twist", lattice, 1.0, 4).ControlPoints(1);
    const auto p = Point(points, 2, 1, 2); // s = 1, t = 0.5
    const double angle = 0.25 * pi;
    EXPECT_NEAR(p[0], 1 + 2 * (0.5 + 0.5 * std::cos(angle)), 1e-12);
    EXPECT_NEAR(p[1], 2 + 4 * (0.5 + 0.5 * std::sin(angle)), 1e-12);
    EXPECT_NEAR(p[2], 1, 1e-12);
    const auto middle = Point(points, 2, 1, 1); // u = 0.5: not turned
    EXPECT_NEAR(middle[0], 3, 1e-12);
    EXPECT_NEAR(middle[1], 4, 1e-12);
  }
  {
    // bend: s moves by 0.3 phase u^2.
    const auto points = Animation::BuiltIn("bend", lattice, 2.0, 4).ControlPoints(1);
    EXPECT_NEAR(Point(points, 0, 0, 2)[0], 1 + 2 * 0.6, 1e-12);
    EXPECT_NEAR(Point(points, 0, 0, 1)[0], 1 + 2 * 0.6 * 0.25, 1e-12);
    EXPECT_NEAR(Point(points, 0, 0, 0)[0], 1, 1e-12);
  }
  {
    // squash: u scaled by 0.7, s and t about the centre by 1 / sqrt(0.7).
    const auto points = Animation::BuiltIn("squash", lattice, 1.0, 4).ControlPoints(1);
    const auto p = Point(points, 2, 2, 2);
    const double width = 1 / std::sqrt(0.7);
    EXPECT_NEAR(p[0], 1 + 2 * (0.5 + 0.5 * width), 1e-12);
    EXPECT_NEAR(p[1], 2 + 4 * (0.5 + 0.5 * width), 1e-12);
    EXPECT_NEAR(p[2], 0.7, 1e-12);
  }
  {
    // breathe: everything scaled by 1.1 about the centre.
    const auto points = Animation::BuiltIn("breathe", lattice, 1.0, 4).ControlPoints(1);
    const auto p = Point(points, 0, 0, 0);
    EXPECT_NEAR(p[0], 1 + 2 * (0.5 - 0.55), 1e-12);
    EXPECT_NEAR(p[1], 2 + 4 * (0.5 - 0.55), 1e-12);
    EXPECT_NEAR(p[2], 0.5 - 0.55, 1e-12);
  }
}

TEST(Animation, KeyframesAreInterpolatedAndHeld) {
  const Lattice lattice = TestLattice();
  const std::size_t n = 3 * 27;
  std::vector<Keyframe> keys = {{2, std::vector<double>(n, 1.0)}, {6, std::vector<double>(n, 3.0)}};
  const Animation animation = Animation::FromKeyframes(keys, lattice);
  const std::vector<double> rest = lattice.restPoints();
  for (const auto& [frame, offset] : std::vector<std::pair<int, double>>{
           {0, 1.0}, {2, 1.0}, {3, 1.5}, {4, 2.0}, {6, 3.0}, {9, 3.0}}) {
    const std::vector<double> points = animation.ControlPoints(frame);
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_NEAR(points[i], rest[i] + offset, 1e-12) << "frame " << frame << " value " << i;
  }
}

TEST(Animation, BadArgumentsAreRefusedByName) {
  const Lattice lattice = TestLattice();
  EXPECT_NE(MessageOf([&] { Animation::BuiltIn("wobble", lattice, 1, 4); }).find("'wobble'"),
            std::string::npos);
  EXPECT_NE(MessageOf([&] { Animation::BuiltIn("twist", lattice, 1, 0); }).find("one frame"),
            std::string::npos);
  EXPECT_NE(MessageOf([&] {
              Animation::BuiltIn("twist", lattice, std::numeric_limits<double>::infinity(), 4);
            }).find("amplitude"),
            std::string::npos);
  EXPECT_NE(MessageOf([&] { Animation::FromKeyframes({}, lattice); }).find("at least one keyframe"),
            std::string::npos);
  const std::vector<double> zeros(81, 0.0);
  EXPECT_NE(MessageOf([&] {
              Animation::FromKeyframes({{3, zeros}, {1, zeros}}, lattice);
            }).find("keyframe 1: frame 1 does not follow frame 3"),
            std::string::npos);
  EXPECT_NE(MessageOf([&] {
              Animation::FromKeyframes({{0, {1, 2, 3}}}, lattice);
            }).find("keyframe 0 has 3 displacement values"),
            std::string::npos);
  std::vector<double> infinite = zeros;
  infinite[7] = std::nan("");
  EXPECT_NE(MessageOf([&] {
              Animation::FromKeyframes({{0, infinite}}, lattice);
            }).find("keyframe 0, displacement 2 is not finite"),
            std::string::npos);
}

// Issue 25: --amplitude 1e300 and keyframe displacements of 1e39 wrote inf points; the library
// refuses them by name and value, and checks the memory of precomputed frames before allocating.
TEST(Animation, ValuesThatWouldOverflowFloatPointsAreRefusedByName) {
  const Lattice lattice = TestLattice();
  EXPECT_EQ(MessageOf([&] { Animation::BuiltIn("bend", lattice, 1e300, 4); }),
            "amplitude = 1e+300 is outside -1000..1000 (the built-in animations move points by up "
            "to amplitude x the lattice)");
  EXPECT_EQ(MessageOf([&] { CheckAmplitude(-1000); }), "(no InvalidArgument)");
  std::vector<double> huge(81, 0.0);
  huge[4] = 1e39;
  EXPECT_EQ(MessageOf([&] {
              Animation::FromKeyframes({{0, huge}}, lattice);
            }),
            "keyframe 0, displacement 1 y = 1e+39 is outside -1e+30..1e+30 (deformed points are "
            "floats)");
  Lattice big;
  big.dimensions = {12, 12, 12};
  const std::string memory = MessageOf([&] { CheckFrameMemory(1000000000, big); });
  EXPECT_EQ(memory.rfind("frames = 1000000000 x a 12x12x12 lattice's control points needs "
                         "41472000000000 bytes (41472.0 GB) of memory, more than ",
                         0),
            0u)
      << memory;
  EXPECT_EQ(MessageOf([&] { CheckFrameMemory(100, big); }), "(no InvalidArgument)");
}

// Issue 25: a deeply nested keyframes file failed with jsoncpp's bare "Exceeded stackLimit".
TEST(KeyframeFile, DeepNestingIsRefusedNamingTheFile) {
  const auto file =
      WriteFile("cumed_deep_keyframes.json", std::string(5000, '[') + std::string(5000, ']'));
  const std::string message = MessageOf([&] { ReadKeyframeFile(file, TestLattice()); });
  EXPECT_EQ(message.rfind("keyframes " + file.string() + ": not JSON: ", 0), 0u) << message;
  EXPECT_NE(message.find("nested more than 1000 levels deep"), std::string::npos) << message;
}

TEST(KeyframeFile, ReadsTheKeyframesAndNamesItsMistakes) {
  const Lattice lattice = TestLattice();
  std::string displacements = "[0.5,0,-1]";
  for (int p = 1; p < 27; ++p) displacements += ",[0,0,0]";
  const auto good =
      WriteFile("cumed-keyframes-good.json",
                "{\"keyframes\": [{\"frame\": 0, \"displacements\": [" + displacements +
                    "]}, {\"frame\": 4, \"displacements\": [" + displacements + "]}]}");
  const std::vector<Keyframe> keys = ReadKeyframeFile(good, lattice);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[1].frame, 4);
  ASSERT_EQ(keys[0].displacements.size(), 81u);
  EXPECT_EQ(keys[0].displacements[0], 0.5);
  EXPECT_EQ(keys[0].displacements[2], -1.0);
  const std::vector<double> points = ReadKeyframeAnimation(good, lattice).ControlPoints(2);
  EXPECT_NEAR(points[0], 1.5, 1e-12);
  EXPECT_NEAR(points[2], -1.0, 1e-12);

  const auto shortFile = WriteFile("cumed-keyframes-short.json",
                                   R"({"keyframes": [{"frame": 0, "displacements": [[0,0,0]]}]})");
  EXPECT_NE(MessageOf([&] {
              ReadKeyframeFile(shortFile, lattice);
            }).find("keyframe 0 has 1 displacements; the 3x3x3 lattice has 27 control points"),
            std::string::npos);
  const auto broken = WriteFile("cumed-keyframes-broken.json", "{\"keyframes\": [");
  EXPECT_NE(MessageOf([&] { ReadKeyframeFile(broken, lattice); }).find("not JSON"),
            std::string::npos);
  EXPECT_NE(MessageOf([&] {
              ReadKeyframeFile("/nonexistent/k.json", lattice);
            }).find("keyframes /nonexistent/k.json: no such file"),
            std::string::npos);
  for (const auto& file : {good, shortFile, broken}) std::filesystem::remove(file);
}

} // namespace
