// Arrow glyphs on the CPU, the reference: the exact points, normals, triangles and colours of
// arrows of known vectors (shape fractions that are exact in binary floats), hidden vectors
// collapsed to their window centre, and the errors of bad options and mismatched arrays; an empty
// field on every backend (ArrowGlyphsOnBackend). The accelerated backends against this reference:
// ArrowGlyphsCudaTest.cxx.
#include "cumed/piv/ArrowGlyphs.h"

#include "cumed/core/Error.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

namespace {

using namespace cumed::piv;

/// A row of `u.size()` vectors at x = 10, 30, 50, ... (y = 20), scalars 1, 2, 3, ...
PivField Row(const std::vector<float>& u, const std::vector<float>& v,
             const std::vector<std::uint8_t>& flags) {
  PivField field;
  field.resize(int(u.size()), 1);
  field.step = 20;
  field.windowSize = 32;
  for (std::size_t i = 0; i < u.size(); ++i) {
    field.x[i] = 10.f + 20.f * float(i);
    field.y[i] = 20.f;
    field.u[i] = u[i];
    field.v[i] = v[i];
    field.flags[i] = flags[i];
  }
  return field;
}

std::vector<float> Scalars(std::size_t n) {
  std::vector<float> s(n);
  for (std::size_t i = 0; i < n; ++i) s[i] = float(i + 1);
  return s;
}

ArrowGlyphOptions ExactShape() {
  ArrowGlyphOptions o;
  o.scale = 2.f;
  o.headLength = 0.25f;
  o.headHalfWidth = 0.25f;
  o.shaftHalfWidth = 0.125f;
  o.z = -0.5f;
  o.backend = cumed::Backend::CPU;
  return o;
}

using Points = std::array<std::array<float, 2>, kArrowPoints>;

void ExpectArrow(const cumed::SurfaceMesh& mesh, int arrow, const Points& expected, float z) {
  for (int p = 0; p < kArrowPoints; ++p) {
    const std::size_t k = 3 * (std::size_t(arrow) * kArrowPoints + p);
    EXPECT_EQ(mesh.points[k], expected[p][0]) << "arrow " << arrow << " point " << p << " x";
    EXPECT_EQ(mesh.points[k + 1], expected[p][1]) << "arrow " << arrow << " point " << p << " y";
    EXPECT_EQ(mesh.points[k + 2], z) << "arrow " << arrow << " point " << p << " z";
  }
}

TEST(ArrowGlyphs, KnownVectorsGiveExactArrows) {
  // (4, 0) x 2 -> 8 px to the right; (0, -2) x 2 -> 4 px up the image (y down).
  const PivField field = Row({4.f, 0.f}, {0.f, -2.f}, {0, 0});
  const ArrowGlyphs glyphs = BuildArrowGlyphs(field, Scalars(2), ExactShape());
  ASSERT_EQ(glyphs.backendUsed, cumed::Backend::CPU);
  ASSERT_FALSE(glyphs.device);
  const cumed::SurfaceMesh& mesh = glyphs.host;
  ASSERT_EQ(mesh.numberOfPoints(), 2 * kArrowPoints);
  ASSERT_EQ(mesh.numberOfTriangles(), 2 * kArrowTriangles);
  // Shaft corners at the tail and the neck (6 px along), head base 2 px each side, tip 8 px.
  ExpectArrow(mesh, 0, {{{10, 21}, {10, 19}, {16, 19}, {16, 21}, {16, 22}, {16, 18}, {18, 20}}},
              -0.5f);
  ExpectArrow(mesh, 1,
              {{{30.5f, 20}, {29.5f, 20}, {29.5f, 17}, {30.5f, 17}, {31, 17}, {29, 17}, {30, 16}}},
              -0.5f);
  const std::vector<std::int64_t> triangles(mesh.triangles.begin(), mesh.triangles.end());
  // Normals towards -z: counter-clockwise seen from there.
  EXPECT_EQ(triangles,
            (std::vector<std::int64_t>{0, 2, 1, 0, 3, 2, 4, 6, 5, 7, 9, 8, 7, 10, 9, 11, 13, 12}));
  for (std::size_t k = 0; k < mesh.normals.size(); ++k)
    EXPECT_EQ(mesh.normals[k], k % 3 == 2 ? -1.f : 0.f) << "normal component " << k;
  ASSERT_EQ(mesh.attributes.size(), 1u);
  for (int p = 0; p < 2 * kArrowPoints; ++p)
    EXPECT_EQ(mesh.attributes[0][p], p < kArrowPoints ? 1.f : 2.f) << "point " << p;
  EXPECT_TRUE(mesh.scalars.empty());
  EXPECT_EQ(mesh.pointOffsets, (std::vector<std::int64_t>{0, 14}));
  EXPECT_EQ(mesh.triangleOffsets, (std::vector<std::int64_t>{0, 6}));
}

// VTK lights a face by its normal only when it sees the face from the front (counter-clockwise):
// the right-hand rule on every triangle must agree with the normals.
TEST(ArrowGlyphs, TrianglesWindAsTheirNormalsFace) {
  const PivField field = Row({3.f}, {-1.5f}, {0});
  for (const float z : {-0.5f, 0.f, 2.f}) {
    ArrowGlyphOptions o = ExactShape();
    o.z = z;
    const cumed::SurfaceMesh mesh = BuildArrowGlyphs(field, Scalars(1), o).host;
    for (int t = 0; t < kArrowTriangles; ++t) {
      const auto* id = &mesh.triangles[3 * t];
      const float* a = &mesh.points[3 * id[0]];
      const float* b = &mesh.points[3 * id[1]];
      const float* c = &mesh.points[3 * id[2]];
      const float cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      EXPECT_GT(cross * mesh.normals[3 * id[0] + 2], 0.f) << "triangle " << t << ", z " << z;
    }
  }
}

TEST(ArrowGlyphs, HiddenVectorsCollapseToTheirWindowCentre) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // Masked; an outlier left in place; a replaced outlier (drawn); a NaN u; an infinite v.
  const PivField field =
      Row({1.f, 2.f, 3.f, nan, 1.f}, {1.f, 2.f, 3.f, 1.f, std::numeric_limits<float>::infinity()},
          {Masked, MedianOutlier, MedianOutlier | Replaced, 0, 0});
  const cumed::SurfaceMesh mesh = BuildArrowGlyphs(field, Scalars(5), ExactShape()).host;
  for (int arrow : {0, 1, 3, 4}) {
    for (int p = 0; p < kArrowPoints; ++p) {
      const std::size_t k = std::size_t(arrow) * kArrowPoints + p;
      EXPECT_EQ(mesh.points[3 * k], field.x[arrow]) << "arrow " << arrow;
      EXPECT_EQ(mesh.points[3 * k + 1], field.y[arrow]) << "arrow " << arrow;
      EXPECT_EQ(mesh.attributes[0][k], 0.f) << "arrow " << arrow;
    }
  }
  // The replaced one is drawn: its tip at centre + 2 (3, 3).
  const std::size_t tip = 2 * kArrowPoints + 6;
  EXPECT_EQ(mesh.points[3 * tip], 56.f);
  EXPECT_EQ(mesh.points[3 * tip + 1], 26.f);
  EXPECT_EQ(mesh.attributes[0][tip], 3.f);
  EXPECT_FALSE(ArrowVisible(0, 1.f, 1.f, nan)); // a non-finite colour hides the arrow too
  EXPECT_TRUE(ArrowVisible(Replaced | OutOfRange, 1.f, 1.f, 0.f));
}

TEST(ArrowGlyphs, NormalsFacePositiveZForArrowsOnOrAboveThePlane) {
  ArrowGlyphOptions o = ExactShape();
  o.z = 0.f;
  const cumed::SurfaceMesh mesh = BuildArrowGlyphs(Row({1.f}, {0.f}, {0}), Scalars(1), o).host;
  EXPECT_EQ(mesh.normals[2], 1.f);
  EXPECT_EQ(mesh.points[2], 0.f);
}

TEST(ArrowGlyphs, BadOptionsAreNamed) {
  const PivField field = Row({1.f}, {0.f}, {0});
  const auto expectError = [&](ArrowGlyphOptions o, const char* fragment) {
    try {
      BuildArrowGlyphs(field, Scalars(1), o);
      ADD_FAILURE() << "no error for " << fragment;
    } catch (const cumed::InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  ArrowGlyphOptions o = ExactShape();
  o.scale = 0.f;
  expectError(o, "scale = 0.000000 is out of range");
  o = ExactShape();
  o.headLength = 1.5f;
  expectError(o, "headLength = 1.500000");
  o = ExactShape();
  o.shaftHalfWidth = 0.5f;
  expectError(o, "at most headHalfWidth");
  o = ExactShape();
  o.z = std::numeric_limits<float>::infinity();
  expectError(o, "z = inf");
}

TEST(ArrowGlyphs, ScalarsOfTheWrongCountAreNamed) {
  const PivField field = Row({1.f, 2.f}, {0.f, 0.f}, {0, 0});
  try {
    BuildArrowGlyphs(field, Scalars(3), ExactShape());
    ADD_FAILURE() << "no error";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("columns x rows = 2 values; the field has 2 u values and "
                                         "3 scalars"),
              std::string::npos)
        << e.what();
  }
}

class ArrowGlyphsOnBackend : public cumed::test::BackendTest<> {};

// The mesh is where the backend builds it: on the host for the CPU, on the device otherwise.
TEST_P(ArrowGlyphsOnBackend, AnEmptyFieldGivesAnEmptyMesh) {
  ArrowGlyphOptions options = ExactShape();
  options.backend = backend();
  const ArrowGlyphs glyphs = BuildArrowGlyphs(PivField{}, {}, options);
  ASSERT_EQ(glyphs.backendUsed, backend());
  if (backend() == cumed::Backend::CPU) {
    EXPECT_EQ(glyphs.host.numberOfPoints(), 0);
    EXPECT_EQ(glyphs.host.numberOfTriangles(), 0);
  } else {
    ASSERT_TRUE(glyphs.device);
    EXPECT_EQ(glyphs.device->numberOfPoints, 0);
    EXPECT_EQ(glyphs.device->numberOfTriangles, 0);
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(ArrowGlyphsOnBackend);

} // namespace
