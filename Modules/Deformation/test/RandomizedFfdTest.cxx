// Randomized differential test of the free-form deformation (issue 23), on every built backend
// (Cpu/ and Cuda/ instances; the CUDA one skips without a device). Each seeded case
// (cumed/test/RandomCases.h: the run seed and a failing case's reproducer are printed) is compared
// with FfdReference, the FFD and the vertex normals written from their definitions in double.
//
// Parameter spaces covered (RandomFfdCase.cxx draws them):
// - lattice: 2..16 control points per axis (degree 1..15; 2x2x2 and the largest 16x16x8 = 2,048
//   drawn on purpose), extents 1e-3..1e3 per axis (thin, anisotropic), axis-aligned, rotated or
//   rotated and sheared, origin near or far (1e4 extents) from the world's origin;
// - float extremes: every length scaled by 1, 1e-9, 1e-5, 1e5, 1e9 or 1e13;
// - control points: at rest (the input must come back bit for bit), small (1e-3 of the lattice),
//   large (10 lattices), a few large ones among resting ones;
// - meshes: 1..60 points inside, on faces, edges and corners of, just outside and far outside the
//   lattice; duplicate points; midpoints (collinear triangles); triangles with a repeated point;
//   a single triangle; a vertex of 33..120 triangles (the strided sums of high-valence vertices);
//   points in no triangle;
// - normals off, area-weighted or unit-face weighted;
// - invalid input (an empty mesh, NaN and infinite coordinates and control points, ids out of
//   range, degree 0, too many control points, coplanar axes, a non-finite lattice, the wrong
//   number of control points, a bad block size): refused with an InvalidArgument naming it.
//
// Tolerances. The module computes in float (local coordinates stored as float, Bernstein bases by
// de Casteljau, sums and the displacements P - R in float); the reference in double is exact to
// ~1e-16 by comparison, so the difference is the module's rounding, with eps = 2^-23:
//   positions: eps (4 (l + m + n + 3) D + 2 (|X| + |X'|)) per coordinate, D the largest
//     displacement component: each axis' basis and its sum lose a few eps per degree, the float
//     local coordinate moves the result by at most degree * 2D * eps/2, and X + d rounds once;
//   normals (compared with the reference's normals of the module's own output points, so that a
//     last-bit position difference cannot turn a sliver): 2 (4 + c) eps sum|a||b| / |sum a x b|
//     plus 4 eps, c the most corners of a vertex (a float cross product errs by a few eps |a||b|,
//     a sum of c terms by c eps); for unit faces each face's term is capped at 2 (a sliver's unit
//     normal may point anywhere; the 2: normalising at most doubles a relative error). Every normal
//     is also finite and of length 1 or exactly 0.
// CPU and CUDA must agree within the documented 1e-5 (positions relative to the output's extent);
// on CUDA, the same mesh given as a DeviceSurfaceMesh (device-built adjacency) and deformed into
// device output must give the host mesh's bits.
#include "FfdReference.h"
#include "RandomFfdCase.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <string>

using namespace cumed;
using namespace cumed::deformation;
using namespace cumed::deformationtest;

namespace {

constexpr double kEps = 1.0 / (1 << 23); // float's machine epsilon

class RandomizedFfd : public test::BackendTest<> {};

Lattice ToLattice(const ReferenceLattice& r) {
  Lattice l;
  l.dimensions = r.dimensions;
  l.origin = r.origin;
  l.s = r.s;
  l.t = r.t;
  l.u = r.u;
  return l;
}

double MaxAbs(const double* x, int n) {
  double m = 0;
  for (int i = 0; i < n; ++i) m = std::max(m, std::abs(x[i]));
  return m;
}

/// Positions, local coordinates and the outside count against the reference.
void ExpectPositions(const RandomFfdCase& c, const MeshDeformation& deformation,
                     const std::vector<double>& controlPoints, const SurfaceMesh& out) {
  const ReferenceLattice& l = c.lattice;
  const std::int64_t n = c.mesh.numberOfPoints();
  ASSERT_EQ(out.points.size(), c.mesh.points.size());
  if (c.kind == DisplacementKind::Zero) { // documented: the input back bit for bit
    for (std::size_t i = 0; i < out.points.size(); ++i)
      ASSERT_EQ(out.points[i], c.mesh.points[i]) << "point " << i / 3 << " axis " << i % 3;
  }
  const std::vector<double> rest = ReferenceRestPoints(l);
  double displacement = 0;
  for (std::size_t i = 0; i < rest.size(); ++i)
    displacement = std::max(displacement, std::abs(controlPoints[i] - rest[i]));
  const int degrees = l.dimensions[0] + l.dimensions[1] + l.dimensions[2] - 3;
  const std::vector<float> local = deformation.localCoordinates();
  ASSERT_EQ(local.size(), c.mesh.points.size());
  std::int64_t surelyOutside = 0, surelyInside = 0;
  for (std::int64_t p = 0; p < n; ++p) {
    const double x[3] = {c.mesh.points[3 * p], c.mesh.points[3 * p + 1], c.mesh.points[3 * p + 2]};
    const std::array<double, 3> expected = ReferenceDeform(l, controlPoints, x);
    const double tolerance =
        kEps * (4 * (degrees + 3) * displacement + 2 * (MaxAbs(x, 3) + MaxAbs(expected.data(), 3)));
    for (int a = 0; a < 3; ++a)
      ASSERT_NEAR(out.points[3 * p + a], expected[a], tolerance)
          << "point " << p << " axis " << a << " at (" << x[0] << ", " << x[1] << ", " << x[2]
          << ")";
    // Local coordinates: float of the clamped value; points within 1e-6 of a face may fall
    // either side of it by rounding, the others must be classified as the reference does.
    const std::array<double, 3> stu = ReferenceLocal(l, x);
    bool outside = false, inside = true;
    for (int a = 0; a < 3; ++a) {
      ASSERT_NEAR(local[3 * p + a], std::clamp(stu[a], 0.0, 1.0), 1e-7)
          << "local coordinate " << a << " of point " << p;
      outside = outside || stu[a] < -1e-6 || stu[a] > 1 + 1e-6;
      inside = inside && stu[a] > 1e-6 && stu[a] < 1 - 1e-6;
    }
    surelyOutside += outside ? 1 : 0;
    surelyInside += inside ? 1 : 0;
  }
  EXPECT_GE(deformation.pointsOutside(), surelyOutside);
  EXPECT_LE(deformation.pointsOutside(), n - surelyInside);
}

/// Normals against the reference's normals of the module's own output points.
void ExpectNormals(const RandomFfdCase& c, const SurfaceMesh& out) {
  const std::int64_t n = out.numberOfPoints();
  ASSERT_EQ(out.normals.size(), out.points.size());
  std::vector<int> cornersAt(std::size_t(n), 0);
  for (const std::int64_t id : c.mesh.triangles) ++cornersAt[std::size_t(id)];
  const int corners = *std::max_element(cornersAt.begin(), cornersAt.end());
  const ReferenceNormals r =
      ReferenceVertexNormals(out.points.data(), std::size_t(n), c.mesh.triangles.data(),
                             c.mesh.triangles.size(), c.unitFaces, (4 + corners) * kEps);
  for (std::int64_t v = 0; v < n; ++v) {
    const float* normal = out.normals.data() + 3 * v;
    const double length = std::sqrt(double(normal[0]) * normal[0] + double(normal[1]) * normal[1] +
                                    double(normal[2]) * normal[2]);
    // Documented: normalised, or (0, 0, 0) for a vertex without triangles or whose sum is zero.
    ASSERT_TRUE(std::isfinite(length) && (length == 0 || std::abs(length - 1) < 1e-5))
        << "normal of point " << v << " is (" << normal[0] << ", " << normal[1] << ", " << normal[2]
        << "), length " << length;
    const double* sum = r.sums.data() + 3 * v;
    const double sumLength = std::sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
    if (r.corners[v] == 0) {
      ASSERT_EQ(length, 0) << "point " << v << " is in no triangle";
      continue;
    }
    if (sumLength == 0) continue; // cancelled exactly in double: float may say 0 or any direction
    // |a/|a| - b/|b|| <= 2 |a - b| / |b|.
    const double tolerance = std::min(2.0, 2 * r.errorBound[v] / sumLength) + 4 * kEps;
    for (int a = 0; a < 3; ++a)
      ASSERT_NEAR(normal[a], sum[a] / sumLength, tolerance)
          << "normal of point " << v << " (" << r.corners[v] << " triangle corners), axis " << a;
  }
}

/// The documented promise between the backends (Documentation/deformation.md).
void ExpectCpuAgrees(const RandomFfdCase& c, const DeformationOptions& options,
                     const std::vector<double>& controlPoints, const SurfaceMesh& cuda) {
  DeformationOptions cpuOptions = options;
  cpuOptions.backend = Backend::CPU;
  MeshDeformation deformation(c.mesh, ToLattice(c.lattice), cpuOptions);
  SurfaceMesh cpu;
  deformation.deform(controlPoints, cpu);
  double extent = 0;
  for (int a = 0; a < 3; ++a) {
    float low = std::numeric_limits<float>::max(), high = -low;
    for (std::size_t i = a; i < cpu.points.size(); i += 3) {
      low = std::min(low, cpu.points[i]);
      high = std::max(high, cpu.points[i]);
    }
    extent = std::max(extent, double(high) - low);
  }
  ASSERT_EQ(cpu.points.size(), cuda.points.size());
  for (std::size_t i = 0; i < cpu.points.size(); ++i)
    ASSERT_NEAR(cpu.points[i], cuda.points[i], 1e-5 * extent) << "CPU vs CUDA, point " << i / 3;
  ASSERT_EQ(cpu.normals.size(), cuda.normals.size());
  for (std::size_t i = 0; i < cpu.normals.size(); ++i)
    ASSERT_NEAR(cpu.normals[i], cuda.normals[i], 1e-5) << "CPU vs CUDA, normal " << i / 3;
}

/// CUDA: the mesh uploaded as a DeviceSurfaceMesh (adjacency built on the device) and deformed into
/// device output gives the host-mesh CUDA run's bits (documented: the same order of sums).
void ExpectDeviceMeshAgrees(const RandomFfdCase& c, const DeformationOptions& options,
                            const std::vector<double>& controlPoints, const SurfaceMesh& host) {
  auto device = std::make_shared<DeviceSurfaceMesh>();
  device->numberOfPoints = c.mesh.numberOfPoints();
  device->numberOfTriangles = c.mesh.numberOfTriangles();
  device->points = DeviceBuffer(c.mesh.points.size() * sizeof(float));
  device->points.upload(c.mesh.points.data(), c.mesh.points.size() * sizeof(float));
  device->triangles = DeviceBuffer(c.mesh.triangles.size() * sizeof(std::int64_t));
  device->triangles.upload(c.mesh.triangles.data(), c.mesh.triangles.size() * sizeof(std::int64_t));
  MeshDeformation deformation(std::shared_ptr<const DeviceSurfaceMesh>(device),
                              ToLattice(c.lattice), options);
  DeviceSurfaceMesh out;
  deformation.deform(controlPoints, out);
  const SurfaceMesh got = out.toHost();
  ASSERT_EQ(got.points.size(), host.points.size());
  for (std::size_t i = 0; i < got.points.size(); ++i)
    ASSERT_EQ(got.points[i], host.points[i]) << "device mesh, point " << i / 3;
  ASSERT_EQ(got.normals.size(), host.normals.size());
  for (std::size_t i = 0; i < got.normals.size(); ++i)
    ASSERT_EQ(got.normals[i], host.normals[i]) << "device mesh, normal " << i / 3;
}

TEST_P(RandomizedFfd, MatchesTheDefinitionOnRandomCases) {
  test::ForEachRandomCase(200, [&](test::RandomDraw& draw) {
    const RandomFfdCase c = DrawRandomFfdCase(draw);
    SCOPED_TRACE(c.description);
    const Lattice lattice = ToLattice(c.lattice);
    // The rest points are the definition's: X0 + i/l S + j/m T + k/n U.
    const std::vector<double> rest = lattice.restPoints();
    const std::vector<double> expectedRest = ReferenceRestPoints(c.lattice);
    ASSERT_EQ(rest.size(), expectedRest.size());
    double size = 0;
    for (const auto* v : {&lattice.origin, &lattice.s, &lattice.t, &lattice.u})
      size = std::max(size, MaxAbs(v->data(), 3));
    for (std::size_t i = 0; i < rest.size(); ++i)
      ASSERT_NEAR(rest[i], expectedRest[i], 1e-14 * size) << "rest control point " << i / 3;
    std::vector<double> controlPoints = rest;
    for (std::size_t i = 0; i < rest.size(); ++i) controlPoints[i] += c.displacements[i];

    DeformationOptions options;
    options.backend = backend();
    options.computeNormals = c.normals;
    options.faceWeighting = c.unitFaces ? FaceWeighting::Unit : FaceWeighting::Area;
    MeshDeformation deformation(c.mesh, lattice, options);
    SurfaceMesh out;
    deformation.deform(controlPoints, out);
    ASSERT_EQ(std::vector<std::int64_t>(out.triangles.begin(), out.triangles.end()),
              std::vector<std::int64_t>(c.mesh.triangles.begin(), c.mesh.triangles.end()));
    ExpectPositions(c, deformation, controlPoints, out);
    if (::testing::Test::HasFatalFailure()) return; // one message a case
    if (c.normals)
      ExpectNormals(c, out);
    else
      EXPECT_TRUE(out.normals.empty());
    if (backend() == Backend::CUDA) {
      ExpectCpuAgrees(c, options, controlPoints, out);
      ExpectDeviceMeshAgrees(c, options, controlPoints, out);
    }
  });
}

/// What a corrupted case must be refused with.
struct Corruption {
  RandomFfdCase c;
  std::vector<double> controlPoints; ///< empty: the rest points plus the case's displacements
  int threadsPerBlock = 0;
  std::string expected; ///< a fragment of the message
};

Corruption DrawCorruption(test::RandomDraw& draw) {
  Corruption k{DrawRandomFfdCase(draw)};
  RandomFfdCase& c = k.c;
  auto& d = c.lattice.dimensions;
  const std::int64_t points = c.mesh.numberOfPoints();
  const double nonFinite = draw.pick<double>({std::numeric_limits<double>::quiet_NaN(),
                                              std::numeric_limits<double>::infinity(),
                                              -std::numeric_limits<double>::infinity()});
  static const char* const kAxes[3] = {"S", "T", "U"};
  const int axis = draw.integer(0, 2);
  std::ostringstream e;
  switch (draw.integer(0, 11)) {
  case 0: { // NaN or infinite coordinate of one point (in a triangle or not)
    const int p = draw.integer(0, int(points) - 1);
    c.mesh.points[3 * p + axis] = static_cast<float>(nonFinite);
    e << "point " << p << " has a non-finite coordinate";
    break;
  }
  case 1: // nothing at all
    c.mesh.points.clear();
    c.mesh.triangles.clear();
    e << "the mesh is empty (0 points, 0 triangles)";
    break;
  case 2: // points without triangles
    c.mesh.triangles.clear();
    e << "the mesh is empty (" << points << " points, 0 triangles)";
    break;
  case 3: { // a point id out of range
    const std::size_t corner = std::size_t(draw.integer(0, int(c.mesh.triangles.size()) - 1));
    c.mesh.triangles[corner] = draw.chance(0.5) ? points + draw.integer(0, 5) : -draw.integer(1, 5);
    e << "triangle " << corner / 3 << " refers to point " << c.mesh.triangles[corner];
    break;
  }
  case 4: // degree 0 (or less)
    d[axis] = draw.integer(-1, 1);
    e << d[axis] << " control point(s) along " << kAxes[axis] << " (degree " << d[axis] - 1 << ")";
    break;
  case 5: // more than 16 along an axis
    d[axis] = draw.integer(17, 40);
    e << d[axis] << " control points along " << kAxes[axis] << "; at most 16";
    break;
  case 6: // more than 2,048 in all
    d = {16, 16, draw.integer(9, 16)};
    e << 256 * d[2] << " control points; at most 2048";
    break;
  case 7: { // coplanar (or zero) axes
    auto& l = c.lattice;
    const double a = draw.real(-2, 2), b = draw.chance(0.2) ? 0.0 : draw.real(-2, 2);
    for (int x = 0; x < 3; ++x) l.u[x] = a * l.s[x] + b * l.t[x];
    e << "coplanar or zero";
    break;
  }
  case 8: { // a non-finite origin or axis
    auto& l = c.lattice;
    const int which = draw.integer(0, 3);
    std::array<double, 3>* v[4] = {&l.origin, &l.s, &l.t, &l.u};
    (*v[which])[axis] = nonFinite;
    e << (which == 0 ? "origin" : "axis ") << (which == 0 ? "" : kAxes[which - 1]);
    e << " (";
    break;
  }
  case 9: { // the wrong number of control-point coordinates
    const std::int64_t count = std::int64_t{d[0]} * d[1] * d[2];
    k.controlPoints.assign(std::size_t(3 * count + draw.pick<int>({-3, -1, 1, 2, 3})), 0.0);
    e << k.controlPoints.size() << " control-point coordinates for a " << d[0] << "x" << d[1] << "x"
      << d[2] << " lattice; expected " << 3 * count;
    break;
  }
  case 10: { // a NaN or infinite control point
    const std::size_t i = std::size_t(draw.integer(0, int(c.displacements.size()) - 1));
    c.displacements[i] = nonFinite;
    e << "control point " << i / 3 << " has a non-finite "
      << "xyz"[i % 3] << " coordinate";
    break;
  }
  default: // a block size outside 0..1024
    k.threadsPerBlock = draw.chance(0.5) ? draw.integer(-100, -1) : draw.integer(1025, 5000);
    e << "threadsPerBlock " << k.threadsPerBlock;
    break;
  }
  k.expected = e.str();
  return k;
}

TEST_P(RandomizedFfd, RefusesInvalidInputNamingTheProblem) {
  test::ForEachRandomCase(200, [&](test::RandomDraw& draw) {
    const Corruption k = DrawCorruption(draw);
    SCOPED_TRACE(k.c.description + "; expecting \"" + k.expected + "\"");
    DeformationOptions options;
    options.backend = backend();
    options.threadsPerBlock = k.threadsPerBlock;
    try {
      const Lattice lattice = ToLattice(k.c.lattice);
      MeshDeformation deformation(k.c.mesh, lattice, options);
      std::vector<double> controlPoints = k.controlPoints;
      if (controlPoints.empty()) {
        controlPoints = lattice.restPoints();
        for (std::size_t i = 0; i < controlPoints.size(); ++i)
          controlPoints[i] += k.c.displacements[i];
      }
      SurfaceMesh out;
      deformation.deform(controlPoints, out);
      FAIL() << "accepted";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find(k.expected), std::string::npos) << e.what();
    } catch (const std::exception& e) {
      FAIL() << "not an InvalidArgument: " << e.what();
    }
  });
}

// Found by MatchesTheDefinitionOnRandomCases, CUMED_RANDOM_CASE_SEED=0xa0eed4195d10bbcf (lengths
// scaled by 1e9): triangles with edges of ~1e8 got the normal (0, 0, 0), as did those with edges
// below ~1e-10: the squared length of the summed cross products overflowed (underflowed) float.
TEST_P(RandomizedFfd, RegressionHugeAndTinyTrianglesGetUnitNormals) {
  for (const double scale : {1e-15, 1e-10, 1e-5, 1.0, 1e5, 1e10, 1e15, 1e18}) {
    for (const FaceWeighting weighting : {FaceWeighting::Area, FaceWeighting::Unit}) {
      SCOPED_TRACE(::testing::Message() << "edges of " << scale << ", weighting "
                                        << (weighting == FaceWeighting::Area ? "area" : "unit"));
      SurfaceMesh mesh;
      const float e = static_cast<float>(scale);
      mesh.points = {0, 0, 0, e, 0, 0, 0, e, 0, e, e, 0};
      mesh.triangles = {0, 1, 2, 1, 3, 2};
      const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {2, 2, 2}, 0.1);
      DeformationOptions options;
      options.backend = backend();
      options.faceWeighting = weighting;
      MeshDeformation deformation(mesh, lattice, options);
      SurfaceMesh out;
      deformation.deform(lattice.restPoints(), out);
      ASSERT_EQ(out.normals.size(), 12u);
      for (int p = 0; p < 4; ++p) {
        // Exactly: a power-of-two scaling and a single non-zero component are exact.
        EXPECT_EQ(out.normals[3 * p], 0.0f) << "point " << p;
        EXPECT_EQ(out.normals[3 * p + 1], 0.0f) << "point " << p;
        EXPECT_EQ(out.normals[3 * p + 2], 1.0f) << "point " << p;
      }
    }
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(RandomizedFfd);

} // namespace
