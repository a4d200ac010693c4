// ComputeMeshDistance against a brute-force reference (every point against every triangle, with
// its own point-triangle distance) on seeded random meshes full of degenerate triangles, and
// against analytic answers.
#include "cumed/core/MeshDistance.h"
#include "cumed/core/Error.h"
#include "cumed/core/PointTriangleDistance.h"
#include "cumed/core/TriangleGrid.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>
#include <thread>
#include <vector>

namespace {
using cumed::ComputeMeshDistance;
using cumed::MeshDistance;
using cumed::MeshDistanceMethod;
using cumed::SurfaceMesh;
using cumed::ViewOf;
using cumed::test::RandomDraw;
using V = cumed::geometry::Vector3;

// --- The reference: a different route to the same numbers --------------------------------------

double Squared(const V& v) {
  return v.x * v.x + v.y * v.y + v.z * v.z;
}

// Nearest point of a segment by the clamped parameter; a point segment is its point.
double ReferenceSegment(const V& p, const V& a, const V& b) {
  const V d{b.x - a.x, b.y - a.y, b.z - a.z};
  const double dd = Squared(d);
  double t = 0.0;
  if (dd > 0.0) t = ((p.x - a.x) * d.x + (p.y - a.y) * d.y + (p.z - a.z) * d.z) / dd;
  t = std::min(1.0, std::max(0.0, t));
  return Squared({p.x - a.x - t * d.x, p.y - a.y - t * d.y, p.z - a.z - t * d.z});
}

// Minimum over the triangle a + s (b - a) + t (c - a), s, t >= 0, s + t <= 1: the stationary
// point of the normal equations when it is inside and the system is well posed, else the
// minimum over the three edges.
double ReferenceTriangle(const V& p, const V& a, const V& b, const V& c) {
  const V u{b.x - a.x, b.y - a.y, b.z - a.z}, v{c.x - a.x, c.y - a.y, c.z - a.z};
  const V w{p.x - a.x, p.y - a.y, p.z - a.z};
  const double uu = Squared(u), vv = Squared(v);
  const double uv = u.x * v.x + u.y * v.y + u.z * v.z;
  const double wu = w.x * u.x + w.y * u.y + w.z * u.z, wv = w.x * v.x + w.y * v.y + w.z * v.z;
  const double det = uu * vv - uv * uv;
  double best =
      std::min({ReferenceSegment(p, a, b), ReferenceSegment(p, b, c), ReferenceSegment(p, c, a)});
  if (det > 1e-12 * uu * vv) {
    const double s = (wu * vv - wv * uv) / det, t = (wv * uu - wu * uv) / det;
    if (s >= 0 && t >= 0 && s + t <= 1)
      best = std::min(best, Squared({w.x - s * u.x - t * v.x, w.y - s * u.y - t * v.y,
                                     w.z - s * u.z - t * v.z}));
  }
  return best;
}

V PointOf(const SurfaceMesh& m, std::int64_t i) {
  return {m.points[3 * i], m.points[3 * i + 1], m.points[3 * i + 2]};
}

// A mesh with double-precision points (MeshView::pointsDouble).
struct DoubleMesh {
  std::vector<double> points;
  std::vector<std::int64_t> triangles;
  std::int64_t numberOfPoints() const { return std::int64_t(points.size() / 3); }
  std::int64_t numberOfTriangles() const { return std::int64_t(triangles.size() / 3); }
};

V PointOf(const DoubleMesh& m, std::int64_t i) {
  return {m.points[3 * i], m.points[3 * i + 1], m.points[3 * i + 2]};
}

cumed::MeshView ViewOfAny(const SurfaceMesh& m) {
  return ViewOf(m);
}
cumed::MeshView ViewOfAny(const DoubleMesh& m) {
  return {nullptr, m.points.data(), m.numberOfPoints(), m.triangles.data(), m.numberOfTriangles()};
}

// Distance from q to the mesh: its triangles, or its points when `surface` is false.
template <class Mesh> double ReferenceDistance(const V& q, const Mesh& to, bool surface) {
  double best = std::numeric_limits<double>::infinity();
  if (surface) {
    for (std::int64_t t = 0; t < to.numberOfTriangles(); ++t)
      best = std::min(best, ReferenceTriangle(q, PointOf(to, to.triangles[3 * t]),
                                              PointOf(to, to.triangles[3 * t + 1]),
                                              PointOf(to, to.triangles[3 * t + 2])));
  } else {
    for (std::int64_t i = 0; i < to.numberOfPoints(); ++i)
      best = std::min(best, ReferenceSegment(q, PointOf(to, i), PointOf(to, i)));
  }
  return std::sqrt(best);
}

struct ReferenceDirected {
  double max = 0.0, mean = 0.0;
};

// From the points of `from`: those its triangles use when measuring surfaces, else all.
template <class Mesh> ReferenceDirected Reference(const Mesh& from, const Mesh& to, bool surface) {
  ReferenceDirected r;
  int count = 0;
  for (std::int64_t i = 0; i < from.numberOfPoints(); ++i) {
    if (surface &&
        std::find(from.triangles.begin(), from.triangles.end(), i) == from.triangles.end())
      continue;
    const double d = ReferenceDistance(PointOf(from, i), to, surface);
    r.max = std::max(r.max, d);
    r.mean += d;
    ++count;
  }
  r.mean /= count;
  return r;
}

// --- Random meshes -------------------------------------------------------------------------------

// Points on an integer lattice (exact coincidences and collinear triples), or anywhere; small,
// millimetre or huge coordinates (up to 1e7 mm away from the origin, 1e5 mm wide).
struct Frame {
  double offset = 0.0, step = 1.0;
  bool lattice = true;
};

Frame DrawFrame(RandomDraw& d) {
  Frame f;
  f.lattice = d.chance(0.6);
  f.offset = d.pick(std::vector<double>{0.0, -250.0, 1e7});
  f.step = d.pick(std::vector<double>{1.0, 0.25, 1e4});
  if (f.offset >= 1e7) f.step = std::max(f.step, 1.0); // float spacing there is 1
  return f;
}

float Coordinate(RandomDraw& d, const Frame& f) {
  const double unit = f.lattice ? double(d.integer(-6, 6)) : d.real(-6.0, 6.0);
  return static_cast<float>(f.offset + f.step * unit);
}

void AddPoint(SurfaceMesh& m, float x, float y, float z) {
  m.points.push_back(x);
  m.points.push_back(y);
  m.points.push_back(z);
}

SurfaceMesh RandomMesh(RandomDraw& d, const Frame& f, bool withTriangles) {
  SurfaceMesh m;
  const int points = d.edgy(1, 40);
  for (int i = 0; i < points; ++i) {
    if (i > 0 && d.chance(0.15)) { // a coincident copy of an earlier point
      const V p = PointOf(m, d.integer(0, i - 1));
      AddPoint(m, float(p.x), float(p.y), float(p.z));
    } else if (i > 1 && f.lattice && d.chance(0.15)) { // a + 2 (b - a): collinear, exactly
      const V a = PointOf(m, i - 2), b = PointOf(m, i - 1);
      AddPoint(m, float(2 * b.x - a.x), float(2 * b.y - a.y), float(2 * b.z - a.z));
    } else {
      AddPoint(m, Coordinate(d, f), Coordinate(d, f), Coordinate(d, f));
    }
  }
  const int triangles = withTriangles ? d.edgy(1, 60) : 0;
  for (int t = 0; t < triangles; ++t) {
    std::int64_t a = d.integer(0, points - 1), b = d.integer(0, points - 1),
                 c = d.integer(0, points - 1);
    const int kind = d.integer(0, 9);
    if (kind == 0) b = c = a;                                           // one point
    if (kind == 1) b = a;                                               // a segment
    if (kind == 2 && points >= 3) a = points - 3, b = a + 1, c = a + 2; // last three (collinear?)
    m.triangles.insert(m.triangles.end(), {a, b, c});
  }
  return m;
}

// The second mesh: the first moved a little, a fresh one, or the first exactly.
SurfaceMesh SecondMesh(RandomDraw& d, const Frame& f, const SurfaceMesh& first,
                       bool withTriangles) {
  const int kind = d.integer(0, 2);
  if (kind == 0) return RandomMesh(d, f, withTriangles);
  SurfaceMesh m = first;
  if (!withTriangles) m.triangles.clear();
  if (kind == 1)
    for (float& x : m.points) x = static_cast<float>(x + f.step * d.real(-0.3, 0.3));
  return m;
}

template <class Mesh> void ExpectMatchesReference(const Mesh& a, const Mesh& b, double tolerance) {
  const MeshDistance got = ComputeMeshDistance(ViewOfAny(a), ViewOfAny(b));
  const bool surface = a.numberOfTriangles() > 0 && b.numberOfTriangles() > 0;
  EXPECT_EQ(got.method,
            surface ? MeshDistanceMethod::PointToTriangle : MeshDistanceMethod::PointToPoint);
  const ReferenceDirected ab = Reference(a, b, surface), ba = Reference(b, a, surface);
  EXPECT_NEAR(got.firstToSecond.max, ab.max, tolerance);
  EXPECT_NEAR(got.firstToSecond.mean, ab.mean, tolerance);
  EXPECT_NEAR(got.secondToFirst.max, ba.max, tolerance);
  EXPECT_NEAR(got.secondToFirst.mean, ba.mean, tolerance);
  EXPECT_DOUBLE_EQ(got.hausdorff(), std::max(got.firstToSecond.max, got.secondToFirst.max));
  // Where: the farthest point is a point of its mesh at the maximum distance, and the nearest
  // point reported lies on the other mesh at that distance.
  for (const auto& [directed, from, to] :
       {std::tuple(got.firstToSecond, &a, &b), std::tuple(got.secondToFirst, &b, &a)}) {
    ASSERT_GE(directed.farthestPoint, 0);
    ASSERT_LT(directed.farthestPoint, from->numberOfPoints());
    const V p = PointOf(*from, directed.farthestPoint);
    EXPECT_EQ(directed.farthest[0], p.x);
    EXPECT_EQ(directed.farthest[1], p.y);
    EXPECT_EQ(directed.farthest[2], p.z);
    EXPECT_NEAR(ReferenceDistance(p, *to, surface), directed.max, tolerance);
    const V n{directed.nearestOther[0], directed.nearestOther[1], directed.nearestOther[2]};
    EXPECT_NEAR(std::sqrt(Squared({p.x - n.x, p.y - n.y, p.z - n.z})), directed.max, tolerance);
    EXPECT_NEAR(ReferenceDistance(n, *to, surface), 0.0, tolerance);
  }
}

TEST(MeshDistance, RandomMeshesMatchBruteForce) {
  cumed::test::ForEachRandomCase(200, [&](RandomDraw& d) {
    const Frame f = DrawFrame(d);
    const bool firstTriangles = !d.chance(0.1), secondTriangles = !d.chance(0.1);
    const SurfaceMesh a = RandomMesh(d, f, firstTriangles);
    const SurfaceMesh b = SecondMesh(d, f, a, secondTriangles);
    // Rounding of differences of float coordinates (exact in double) and of the products.
    ExpectMatchesReference(a, b, 1e-9 * f.step * 100 + 1e-12);
  });
}

// Double-precision points, moved by less than a float can tell apart (1e7 mm away, the float
// spacing is 1 mm): measured in double, as the brute force does.
TEST(MeshDistance, DoublePointsMatchBruteForce) {
  cumed::test::ForEachRandomCase(100, [&](RandomDraw& d) {
    const Frame f = DrawFrame(d);
    const bool firstTriangles = !d.chance(0.1), secondTriangles = !d.chance(0.1);
    const SurfaceMesh a = RandomMesh(d, f, firstTriangles);
    const SurfaceMesh b = SecondMesh(d, f, a, secondTriangles);
    auto inDouble = [&](const SurfaceMesh& m) {
      DoubleMesh out{{m.points.begin(), m.points.end()}, {m.triangles.begin(), m.triangles.end()}};
      for (double& x : out.points) x += 1e-3 * f.step * d.real(-1.0, 1.0);
      return out;
    };
    ExpectMatchesReference(inDouble(a), inDouble(b), 1e-9 * f.step * 100 + 1e-12);
  });
}

// Identical meshes are at distance 0 exactly, whatever their degenerate triangles and unused
// points.
TEST(MeshDistance, SameMeshIsAtZero) {
  cumed::test::ForEachRandomCase(200, [&](RandomDraw& d) {
    const SurfaceMesh a = RandomMesh(d, DrawFrame(d), !d.chance(0.1));
    const MeshDistance got = ComputeMeshDistance(ViewOf(a), ViewOf(a));
    EXPECT_EQ(got.hausdorff(), 0.0);
    EXPECT_EQ(got.firstToSecond.mean, 0.0);
    EXPECT_EQ(got.secondToFirst.mean, 0.0);
  });
}

// Larger meshes of small triangles (many grid cells, so the shell search and its stopping bound
// are exercised), with a query point far outside the other mesh's grid.
TEST(MeshDistance, LargerMeshesMatchBruteForce) {
  cumed::test::ForEachRandomCase(12, [&](RandomDraw& d) {
    const Frame f = DrawFrame(d);
    SurfaceMesh a;
    const int n = d.integer(300, 600);
    for (std::int64_t t = 0; t < n; ++t) {
      const float x = Coordinate(d, f), y = Coordinate(d, f), z = Coordinate(d, f);
      for (int k = 0; k < 3; ++k) {
        const auto near = [&](float v) { return float(v + f.step * 0.1 * d.integer(-2, 2)); };
        AddPoint(a, near(x), near(y), near(z));
      }
      // Sometimes a corner repeated: a segment.
      a.triangles.insert(a.triangles.end(), {3 * t, 3 * t + 1, d.chance(0.2) ? 3 * t : 3 * t + 2});
    }
    SurfaceMesh b = a;
    for (float& x : b.points) x = static_cast<float>(x + f.step * d.real(-0.5, 0.5));
    AddPoint(b, float(f.offset + 80 * f.step), float(f.offset), float(f.offset - 50 * f.step));
    const std::int64_t far = b.numberOfPoints() - 1;
    b.triangles.insert(b.triangles.end(), {far, far, far});
    const cumed::geometry::TriangleGrid grid(a.points.data(), a.triangles.data(), n);
    const auto dims = grid.dimensions();
    EXPECT_GT(dims[0] * dims[1] * dims[2], 64);
    ExpectMatchesReference(a, b, 1e-9 * f.step * 100 + 1e-12);
  });
}

// --- Analytic answers ----------------------------------------------------------------------------

// An n x n grid of squares, two triangles each, in the plane z, with the diagonals one way or
// the other.
SurfaceMesh Plane(int n, double size, double z, bool flip) {
  SurfaceMesh m;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) AddPoint(m, float(size * i / n), float(size * j / n), float(z));
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const std::int64_t p = j * (n + 1) + i, q = p + 1, r = p + n + 1, s = r + 1;
      if (flip)
        m.triangles.insert(m.triangles.end(), {p, q, r, q, s, r});
      else
        m.triangles.insert(m.triangles.end(), {p, q, s, p, s, r});
    }
  }
  return m;
}

TEST(MeshDistance, ParallelPlanesAreTheirOffsetApart) {
  for (const double offset : {0.0, 0.5, 3.0, 100.0}) {
    const SurfaceMesh a = Plane(10, 40.0, 0.0, false), b = Plane(7, 40.0, offset, true);
    const MeshDistance got = ComputeMeshDistance(ViewOf(a), ViewOf(b));
    EXPECT_EQ(got.method, MeshDistanceMethod::PointToTriangle);
    EXPECT_NEAR(got.hausdorff(), offset, 1e-12) << offset;
    EXPECT_NEAR(got.firstToSecond.mean, offset, 1e-12) << offset;
    EXPECT_NEAR(got.secondToFirst.mean, offset, 1e-12) << offset;
  }
}

// A single point mesh as a triangle without area (p, p, p), so the point is measured to the
// other mesh's triangles.
SurfaceMesh PointAsTriangle(double x, double y, double z) {
  SurfaceMesh m;
  AddPoint(m, float(x), float(y), float(z));
  m.triangles.insert(m.triangles.end(), {0, 0, 0});
  return m;
}

SurfaceMesh Triangle() { // (0,0,0), (4,0,0), (0,4,0)
  SurfaceMesh m;
  AddPoint(m, 0, 0, 0);
  AddPoint(m, 4, 0, 0);
  AddPoint(m, 0, 4, 0);
  m.triangles.insert(m.triangles.end(), {0, 1, 2});
  return m;
}

double PointToTriangle(double x, double y, double z) {
  const SurfaceMesh triangle = Triangle();
  return ComputeMeshDistance(ViewOf(PointAsTriangle(x, y, z)), ViewOf(triangle)).firstToSecond.max;
}

TEST(MeshDistance, PointAboveATriangle) {
  EXPECT_DOUBLE_EQ(PointToTriangle(1, 1, 3), 3.0);             // above the interior
  EXPECT_DOUBLE_EQ(PointToTriangle(1, 1, -2), 2.0);            // below it
  EXPECT_DOUBLE_EQ(PointToTriangle(2, -3, 4), 5.0);            // beside edge y = 0
  EXPECT_DOUBLE_EQ(PointToTriangle(3, 3, 0), std::sqrt(2.0));  // beyond the hypotenuse
  EXPECT_DOUBLE_EQ(PointToTriangle(-3, -4, 0), 5.0);           // beyond corner (0,0,0)
  EXPECT_DOUBLE_EQ(PointToTriangle(7, 0, 4), 5.0);             // beyond corner (4,0,0)
  EXPECT_DOUBLE_EQ(PointToTriangle(-1, 6, 0), std::sqrt(5.0)); // beyond corner (0,4,0)
  EXPECT_DOUBLE_EQ(PointToTriangle(2, 2, 0), 0.0);             // on the hypotenuse
}

TEST(MeshDistance, DegenerateTrianglesAreTheirEdgesOrPoint) {
  using cumed::geometry::SquaredDistanceToTriangle;
  const V a{1, 1, 1}, b{5, 1, 1}, mid{3, 1, 1};
  // All three corners coincide: the point.
  EXPECT_DOUBLE_EQ(SquaredDistanceToTriangle({1, 4, 5}, a, a, a), 25.0);
  // Two coincide: the segment.
  EXPECT_DOUBLE_EQ(SquaredDistanceToTriangle({3, 4, 5}, a, b, b), 25.0);
  EXPECT_DOUBLE_EQ(SquaredDistanceToTriangle({8, 5, 1}, a, a, b), 25.0);
  // Collinear, in either order: the segment they span.
  EXPECT_DOUBLE_EQ(SquaredDistanceToTriangle({3, 4, 5}, a, mid, b), 25.0);
  EXPECT_DOUBLE_EQ(SquaredDistanceToTriangle({-2, 1, 5}, mid, b, a), 25.0);
  EXPECT_DOUBLE_EQ(SquaredDistanceToTriangle({9, 4, 1}, mid, a, b), 25.0);
  // The closest point reported is on it.
  V closest;
  SquaredDistanceToTriangle({4, 7, 1}, a, mid, b, &closest);
  EXPECT_DOUBLE_EQ(closest.x, 4.0);
  EXPECT_DOUBLE_EQ(closest.y, 1.0);
}

// Coordinates around 1e7 mm (float spacing 1 there): exact answers survive the offset.
TEST(MeshDistance, HugeCoordinates) {
  SurfaceMesh a = Plane(4, 64.0, 0.0, false), b = Plane(3, 64.0, 8.0, true);
  for (SurfaceMesh* m : {&a, &b})
    for (std::size_t i = 0; i < m->points.size(); ++i) m->points[i] += (i % 3 == 0) ? 1e7f : 4e6f;
  EXPECT_DOUBLE_EQ(ComputeMeshDistance(ViewOf(a), ViewOf(b)).hausdorff(), 8.0);
}

// Which point, in which direction: one raised corner of the second plane.
TEST(MeshDistance, ReportsWhereTheLargestDistanceIs) {
  const SurfaceMesh a = Plane(4, 4.0, 0.0, false);
  SurfaceMesh b = a;
  b.points[3 * 7 + 2] = 2.5f; // point 7 = (2, 1, 0) raised
  const MeshDistance got = ComputeMeshDistance(ViewOf(a), ViewOf(b));
  EXPECT_FALSE(got.largestIsFirstToSecond());
  EXPECT_DOUBLE_EQ(got.secondToFirst.max, 2.5);
  EXPECT_EQ(got.secondToFirst.farthestPoint, 7);
  EXPECT_EQ(got.secondToFirst.farthest, (std::array<double, 3>{2.0, 1.0, 2.5}));
  EXPECT_EQ(got.secondToFirst.nearestOther, (std::array<double, 3>{2.0, 1.0, 0.0}));
  EXPECT_LT(got.firstToSecond.max, 2.5);
  EXPECT_DOUBLE_EQ(got.secondToFirst.mean, 2.5 / 25.0);
}

// Without triangles on one side: point to point, both ways.
TEST(MeshDistance, PointToPointWhenAMeshHasNoTriangles) {
  SurfaceMesh cloud;
  AddPoint(cloud, 0, 0, 3);
  AddPoint(cloud, 4, 0, 0);
  const SurfaceMesh triangle = Triangle(); // its interior is not measured: points only
  const MeshDistance got = ComputeMeshDistance(ViewOf(cloud), ViewOf(triangle));
  EXPECT_EQ(got.method, MeshDistanceMethod::PointToPoint);
  EXPECT_DOUBLE_EQ(got.firstToSecond.max, 3.0);             // (0,0,3) -> corner (0,0,0)
  EXPECT_DOUBLE_EQ(got.secondToFirst.max, std::sqrt(25.0)); // (0,4,0) -> (0,0,3)
  EXPECT_EQ(got.secondToFirst.farthestPoint, 2);
}

TEST(MeshDistance, ClearErrors) {
  const SurfaceMesh triangle = Triangle();
  SurfaceMesh empty, nan = Triangle(), badId = Triangle();
  nan.points[4] = std::numeric_limits<float>::quiet_NaN();
  badId.triangles[2] = 3;
  auto message = [&](const SurfaceMesh& first, const SurfaceMesh& second) {
    try {
      ComputeMeshDistance(ViewOf(first), ViewOf(second));
    } catch (const cumed::InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(empty, triangle).find("the first mesh has no points"), std::string::npos);
  EXPECT_NE(message(triangle, nan)
                .find("point 1 of the second mesh has a coordinate that is not "
                      "finite"),
            std::string::npos);
  EXPECT_NE(message(badId, triangle)
                .find("triangle 0 of the first mesh refers to a point that "
                      "does not exist (3 points)"),
            std::string::npos);
}

// Within float resolution (100 mm: 7.6e-6 mm), doubles still tell the meshes apart.
TEST(MeshDistance, DoublePointsAreNotRoundedToFloat) {
  DoubleMesh a, b;
  for (DoubleMesh* m : {&a, &b}) {
    const double z = m == &a ? 100.0 : 100.0 + 3e-7; // the same float: 100
    m->points = {0, 0, z, 10, 0, z, 0, 10, z};
    m->triangles = {0, 1, 2};
  }
  EXPECT_NEAR(ComputeMeshDistance(ViewOfAny(a), ViewOfAny(b)).hausdorff(), 3e-7, 1e-13);
  cumed::MeshView both = ViewOfAny(a);
  const SurfaceMesh triangle = Triangle();
  both.points = triangle.points.data();
  EXPECT_THROW(ComputeMeshDistance(both, ViewOfAny(b)), cumed::InvalidArgument);
}

// Progress runs on the calling thread from 0 to 1 without going back, over both directions; a
// cancel request stops the call with Cancelled; the result does not depend on either.
TEST(MeshDistance, ProgressAndCancellation) {
  cumed::test::ForEachRandomCase(20, [&](RandomDraw& d) {
    const Frame f = DrawFrame(d);
    const SurfaceMesh a = RandomMesh(d, f, true), b = RandomMesh(d, f, true);
    const MeshDistance plain = ComputeMeshDistance(ViewOf(a), ViewOf(b));
    std::vector<double> fractions;
    const auto caller = std::this_thread::get_id();
    bool otherThread = false;
    cumed::ExecutionOptions options;
    options.progress = [&](double fraction) {
      fractions.push_back(fraction);
      otherThread |= std::this_thread::get_id() != caller;
    };
    const MeshDistance reported = ComputeMeshDistance(ViewOf(a), ViewOf(b), options);
    EXPECT_EQ(reported.hausdorff(), plain.hausdorff());
    EXPECT_EQ(reported.firstToSecond.mean, plain.firstToSecond.mean);
    ASSERT_FALSE(fractions.empty());
    EXPECT_EQ(fractions.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
    EXPECT_FALSE(otherThread);
    cumed::ExecutionOptions cancelled;
    cancelled.cancelRequested = [] { return true; };
    EXPECT_THROW(ComputeMeshDistance(ViewOf(a), ViewOf(b), cancelled), cumed::Cancelled);
  });
}

} // namespace
