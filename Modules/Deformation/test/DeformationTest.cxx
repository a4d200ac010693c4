// The deformation on every built backend (Cpu/ and Cuda/ instances): the identity lattice gives
// the input bit for bit, an affinely displaced lattice (also a rotated, user-placed one) moves
// every point by the affine map, points on the lattice's faces and corners follow the same
// formula, points outside follow the clamped rule, normals match VTK's, and bad input is refused
// with a message naming the problem.
#include "DeformationTestSupport.h"

#include "cumed/core/Error.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace cumed;
using namespace cumed::deformation;
using namespace cumed::deformationtest;

namespace {

class Deformation : public test::BackendTest<> {
protected:
  DeformationOptions Options(FaceWeighting weighting = FaceWeighting::Area) const {
    DeformationOptions options;
    options.backend = backend();
    options.faceWeighting = weighting;
    return options;
  }
};

void ExpectAffine(const SurfaceMesh& input, const SurfaceMesh& output, const double a[9],
                  const double b[3], double tolerance) {
  ASSERT_EQ(output.points.size(), input.points.size());
  for (std::int64_t p = 0; p < input.numberOfPoints(); ++p) {
    const float* x = input.points.data() + 3 * p;
    for (int r = 0; r < 3; ++r) {
      const double expected = a[3 * r] * x[0] + a[3 * r + 1] * x[1] + a[3 * r + 2] * x[2] + b[r];
      ASSERT_NEAR(output.points[3 * p + r], expected, tolerance) << "point " << p << " axis " << r;
    }
  }
}

TEST_P(Deformation, RestLatticeGivesTheInputExactly) {
  const SurfaceMesh mesh = BumpySphere(20, 31, 0.1, 1);
  for (const auto& dimensions : {std::array<int, 3>{2, 2, 2}, std::array<int, 3>{3, 3, 3},
                                 std::array<int, 3>{8, 8, 8}, std::array<int, 3>{2, 5, 16}}) {
    const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), dimensions, 0.1);
    MeshDeformation deformation(mesh, lattice, Options());
    SurfaceMesh out;
    deformation.deform(lattice.restPoints(), out);
    ASSERT_EQ(out.points.size(), mesh.points.size());
    EXPECT_EQ(MaxDifference(out.points, mesh.points), 0.0)
        << dimensions[0] << "x" << dimensions[1] << "x" << dimensions[2];
    EXPECT_EQ(std::vector<std::int64_t>(out.triangles.begin(), out.triangles.end()),
              std::vector<std::int64_t>(mesh.triangles.begin(), mesh.triangles.end()));
    EXPECT_EQ(deformation.pointsOutside(), 0);
  }
}

TEST_P(Deformation, AffineLatticeMovesEveryPointByTheAffineMap) {
  const SurfaceMesh mesh = BumpySphere(24, 40, 0.2, 2, {3, -2, 5});
  const double a[9] = {1.2, 0.3, -0.1, -0.2, 0.9, 0.25, 0.05, -0.3, 1.1};
  const double b[3] = {0.5, -1.5, 2.0};
  for (const auto& dimensions :
       {std::array<int, 3>{3, 3, 3}, std::array<int, 3>{8, 8, 8}, std::array<int, 3>{2, 4, 6}}) {
    const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), dimensions, 0.05);
    MeshDeformation deformation(mesh, lattice, Options());
    SurfaceMesh out;
    deformation.deform(AffineControlPoints(lattice, a, b), out);
    // 1e-5 relative to the size of the moved mesh (~8 units across).
    ExpectAffine(mesh, out, a, b, 1e-5 * 8);
  }
}

TEST_P(Deformation, RotatedUserFrameReproducesTheAffineMap) {
  const SurfaceMesh mesh = BumpySphere(16, 24, 0.1, 3);
  Lattice lattice;
  lattice.dimensions = {4, 3, 5};
  // Axes rotated 30 degrees about z and sheared, a box that holds the unit sphere.
  const double c = std::cos(0.5236), s = std::sin(0.5236);
  lattice.s = {3 * c, 3 * s, 0};
  lattice.t = {-3 * s, 3 * c, 0.4};
  lattice.u = {0.2, 0, 3};
  for (int r = 0; r < 3; ++r)
    lattice.origin[r] = -0.5 * (lattice.s[r] + lattice.t[r] + lattice.u[r]);
  MeshDeformation deformation(mesh, lattice, Options());
  ASSERT_EQ(deformation.pointsOutside(), 0);
  const double a[9] = {0.8, 0, 0.3, 0.1, 1.3, 0, 0, 0.2, 0.7};
  const double b[3] = {-1, 0.25, 3};
  SurfaceMesh out;
  deformation.deform(AffineControlPoints(lattice, a, b), out);
  ExpectAffine(mesh, out, a, b, 1e-5 * 4);
}

TEST_P(Deformation, PointsOnFacesAndCornersDeformLikeInteriorPoints) {
  // A lattice with margin 0: the sphere's extreme points lie on its faces; the mesh's corners
  // below are the lattice's own corners and edge midpoints.
  SurfaceMesh mesh;
  mesh.points = {0, 0, 0, 1,    0, 0, 1,    1,    0, 0,     1,    1,
                 1, 1, 1, 0.5f, 0, 0, 0.5f, 0.5f, 1, 0.25f, 0.5f, 0.75f};
  mesh.triangles = {0, 1, 2, 0, 2, 3, 3, 2, 4, 1, 5, 6, 6, 7, 4};
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3}, 0.0);
  MeshDeformation deformation(mesh, lattice, Options());
  EXPECT_EQ(deformation.pointsOutside(), 0);
  const std::vector<float> stu = deformation.localCoordinates();
  for (std::size_t i = 0; i < stu.size(); ++i) EXPECT_EQ(stu[i], mesh.points[i]) << i;
  const double a[9] = {2, 0.5, 0, 0, 1, -1, 0.25, 0, 3};
  const double b[3] = {1, 2, 3};
  SurfaceMesh out;
  deformation.deform(AffineControlPoints(lattice, a, b), out);
  ExpectAffine(mesh, out, a, b, 1e-5 * 4);
  // Moving one corner control point moves the mesh point at that corner by exactly as much.
  std::vector<double> points = lattice.restPoints();
  const int corner = 26; // (2, 2, 2): the corner at (1, 1, 1)
  points[3 * corner] += 0.5;
  deformation.deform(points, out);
  EXPECT_FLOAT_EQ(out.points[3 * 4], 1.5f);
  EXPECT_FLOAT_EQ(out.points[3 * 0], 0.0f); // the opposite corner does not move
}

TEST_P(Deformation, PointsOutsideMoveWithTheNearestPointOfTheLattice) {
  SurfaceMesh mesh = BumpySphere(8, 12, 0.0, 4);
  // A lattice over the upper half only: z in [0, 1.2]; the lower half is outside.
  Lattice lattice;
  lattice.origin = {-1.2, -1.2, 0};
  lattice.s = {2.4, 0, 0};
  lattice.t = {0, 2.4, 0};
  lattice.u = {0, 0, 1.2};
  MeshDeformation deformation(mesh, lattice, Options());
  std::int64_t below = 0;
  for (std::int64_t p = 0; p < mesh.numberOfPoints(); ++p) below += mesh.points[3 * p + 2] < 0;
  EXPECT_EQ(deformation.pointsOutside(), below);
  // Translate the whole lattice: every point, inside or out, moves by the translation (the
  // clamped rule extends the lattice's displacement).
  const double a[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, b[3] = {0.1, -0.2, 0.3};
  SurfaceMesh out;
  deformation.deform(AffineControlPoints(lattice, a, b), out);
  ExpectAffine(mesh, out, a, b, 1e-6);
  // Lift only the bottom layer of control points (k = 0): points below the lattice move with it
  // fully, points inside partly, nothing at the top moves.
  std::vector<double> points = lattice.restPoints();
  for (int p = 0; p < 9; ++p) points[3 * p + 2] += 0.25;
  deformation.deform(points, out);
  for (std::int64_t p = 0; p < mesh.numberOfPoints(); ++p) {
    const float z = mesh.points[3 * p + 2];
    const float dz = out.points[3 * p + 2] - z;
    if (z < 0) {
      EXPECT_NEAR(dz, 0.25f, 1e-6) << p;
    } else {
      const double u = z / 1.2;
      EXPECT_NEAR(dz, 0.25 * (1 - u) * (1 - u), 1e-6) << p;
    }
  }
}

TEST_P(Deformation, AreaWeightedNormalsEqualVtkTriangleMeshPointNormals) {
  const SurfaceMesh mesh = BumpySphere(30, 45, 0.15, 5);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3});
  MeshDeformation deformation(mesh, lattice, Options(FaceWeighting::Area));
  std::vector<double> points = lattice.restPoints();
  for (std::size_t i = 0; i < points.size(); ++i) points[i] += 0.2 * std::sin(double(i));
  SurfaceMesh out;
  deformation.deform(points, out);
  EXPECT_LE(MaxDifference(out.normals, VtkNormals(out, false)), 1e-5);
}

TEST_P(Deformation, UnitFaceNormalsEqualVtkPolyDataNormals) {
  const SurfaceMesh mesh = BumpySphere(30, 45, 0.15, 6);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {4, 4, 4});
  MeshDeformation deformation(mesh, lattice, Options(FaceWeighting::Unit));
  std::vector<double> points = lattice.restPoints();
  for (std::size_t i = 0; i < points.size(); ++i) points[i] += 0.2 * std::cos(double(i));
  SurfaceMesh out;
  deformation.deform(points, out);
  EXPECT_LE(MaxDifference(out.normals, VtkNormals(out, true)), 1e-5);
}

// A pole of S triangles: up to 32 corners are summed one by one, more by 32 strided partial
// sums joined pairwise (a warp per vertex on the GPU). Either way the normal is the normalised
// sum of its triangles' normals (checked in double precision), on both sides of the switch.
TEST_P(Deformation, PolesOfManyTrianglesGetTheSumOfTheirNormals) {
  for (const int segments : {31, 32, 33, 64, 1000}) {
    const SurfaceMesh mesh = BumpySphere(5, segments, 0.2, 12);
    const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3});
    for (const FaceWeighting weighting : {FaceWeighting::Area, FaceWeighting::Unit}) {
      MeshDeformation deformation(mesh, lattice, Options(weighting));
      std::vector<double> points = lattice.restPoints();
      for (std::size_t i = 0; i < points.size(); ++i) points[i] += 0.1 * std::sin(double(i));
      SurfaceMesh out;
      deformation.deform(points, out);
      const std::int64_t south = out.numberOfPoints() - 1;
      for (const std::int64_t pole : {std::int64_t{0}, south}) {
        double sum[3] = {0, 0, 0};
        int corners = 0;
        for (std::int64_t t = 0; t < out.numberOfTriangles(); ++t) {
          const std::int64_t* tri = out.triangles.data() + 3 * t;
          if (tri[0] != pole && tri[1] != pole && tri[2] != pole) continue;
          ++corners;
          double e[2][3];
          for (int k = 0; k < 2; ++k)
            for (int c = 0; c < 3; ++c)
              e[k][c] = double(out.points[3 * tri[k + 1] + c]) - out.points[3 * tri[0] + c];
          const double n[3] = {e[0][1] * e[1][2] - e[0][2] * e[1][1],
                               e[0][2] * e[1][0] - e[0][0] * e[1][2],
                               e[0][0] * e[1][1] - e[0][1] * e[1][0]};
          const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
          for (int c = 0; c < 3; ++c)
            sum[c] += weighting == FaceWeighting::Unit ? n[c] / length : n[c];
        }
        ASSERT_EQ(corners, segments);
        const double length = std::sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
        for (int c = 0; c < 3; ++c)
          EXPECT_NEAR(out.normals[3 * pole + c], sum[c] / length, 1e-6)
              << segments << " corners, pole " << pole << ", axis " << c
              << (weighting == FaceWeighting::Unit ? ", unit faces" : ", area weighted");
      }
    }
  }
}

TEST_P(Deformation, OutputIsReusedAcrossFramesAndTrianglesStayTheInputs) {
  const SurfaceMesh mesh = BumpySphere(10, 10, 0.1, 7);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3});
  MeshDeformation deformation(mesh, lattice, Options());
  SurfaceMesh out;
  out.triangles.assign(mesh.triangles.size(), 0); // same size, wrong content: must be replaced
  deformation.deform(lattice.restPoints(), out);
  EXPECT_EQ(std::vector<std::int64_t>(out.triangles.begin(), out.triangles.end()),
            std::vector<std::int64_t>(mesh.triangles.begin(), mesh.triangles.end()));
  deformation.deform(lattice.restPoints(), out);
  EXPECT_EQ(out.normals.size(), mesh.points.size());
}

TEST_P(Deformation, BadInputIsRefusedWithTheProblemNamed) {
  const SurfaceMesh mesh = BumpySphere(6, 8, 0.0, 8);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh));
  auto expectError = [](auto&& call, const std::string& fragment) {
    try {
      call();
      ADD_FAILURE() << "no error; expected one containing '" << fragment << "'";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  expectError([&] { MeshDeformation(SurfaceMesh{}, lattice, Options()); },
              "the mesh is empty (0 points, 0 triangles)");
  SurfaceMesh pointsOnly;
  pointsOnly.points = mesh.points;
  expectError([&] { MeshDeformation(pointsOnly, lattice, Options()); }, "0 triangles");
  SurfaceMesh nan = mesh;
  nan.points[3 * 5 + 1] = std::numeric_limits<float>::quiet_NaN();
  expectError([&] { MeshDeformation(nan, lattice, Options()); },
              "point 5 has a non-finite coordinate");
  SurfaceMesh badId = mesh;
  badId.triangles[7] = 1000;
  expectError([&] { MeshDeformation(badId, lattice, Options()); },
              "triangle 2 refers to point 1000 but the mesh has");
  Lattice degree0 = lattice;
  degree0.dimensions = {3, 1, 3};
  expectError([&] { MeshDeformation(mesh, degree0, Options()); },
              "1 control point(s) along T (degree 0)");
  Lattice flat = lattice;
  flat.u = {flat.s[0], 0, 0};
  expectError([&] { MeshDeformation(mesh, flat, Options()); }, "coplanar");
  Lattice huge = lattice;
  huge.dimensions = {17, 2, 2};
  expectError([&] { MeshDeformation(mesh, huge, Options()); }, "17 control points along S");
  MeshDeformation deformation(mesh, lattice, Options());
  SurfaceMesh out;
  std::vector<double> points = lattice.restPoints();
  points.pop_back();
  expectError([&] { deformation.deform(points, out); },
              "80 control-point coordinates for a 3x3x3 lattice; expected 81");
  points = lattice.restPoints();
  points[10] = std::numeric_limits<double>::infinity();
  expectError([&] { deformation.deform(points, out); }, "control point 3 has a non-finite y");
  DeformationOptions options = Options();
  options.threadsPerBlock = 2048;
  expectError([&] { MeshDeformation(mesh, lattice, options); }, "threadsPerBlock 2048");
  expectError([&] { LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3}, -1); }, "margin");
}

TEST_P(Deformation, ReportSaysWhatRanAndWhatWasCopied) {
  const SurfaceMesh mesh = BumpySphere(40, 60, 0.1, 9);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3});
  ExecutionReport report;
  DeformationOptions options = Options();
  options.report = &report;
  MeshDeformation deformation(mesh, lattice, options);
  EXPECT_EQ(report.backend, backend());
  SurfaceMesh host;
  deformation.deform(lattice.restPoints(), host);
  EXPECT_EQ(report.backend, backend());
  if (backend() == Backend::CUDA) {
    // Host output: the points and normals come back, nothing goes up.
    EXPECT_EQ(report.transfers.hostToDeviceCopies, 0u);
    EXPECT_GE(report.transfers.deviceToHostBytes, 2 * mesh.points.size() * sizeof(float));
    // Device output: nothing crosses PCIe.
    DeviceSurfaceMesh device;
    deformation.deform(lattice.restPoints(), device);
    EXPECT_EQ(report.transfers.hostToDeviceCopies, 0u);
    EXPECT_EQ(report.transfers.deviceToHostCopies, 0u);
    EXPECT_EQ(report.devicesUsed, 1);
  } else {
    EXPECT_EQ(report.transfers.hostToDeviceCopies + report.transfers.deviceToHostCopies, 0u);
    DeviceSurfaceMesh device;
    EXPECT_THROW(deformation.deform(lattice.restPoints(), device), InvalidArgument);
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(Deformation);

TEST(DeformationLattice, RestPointsAreInVtkOrderOnTheFrame) {
  Lattice lattice;
  lattice.dimensions = {2, 3, 2};
  lattice.origin = {1, 2, 3};
  lattice.s = {2, 0, 0};
  lattice.t = {0, 4, 0};
  lattice.u = {0, 0, 6};
  const std::vector<double> points = lattice.restPoints();
  ASSERT_EQ(points.size(), 36u);
  // Point (i=1, j=2, k=1) is index (1 * 3 + 2) * 2 + 1 = 11.
  EXPECT_EQ(points[33], 3);
  EXPECT_EQ(points[34], 6);
  EXPECT_EQ(points[35], 9);
}

TEST(DeformationLattice, AroundBoundsHandlesFlatMeshes) {
  const Lattice lattice = LatticeAroundBounds({0, 2, 0, 1, 5, 5}, {3, 3, 3}, 0.0);
  EXPECT_EQ(lattice.origin[0], 0);
  EXPECT_EQ(lattice.s[0], 2);
  EXPECT_EQ(lattice.u[2], 2); // the flat z side gets the largest extent, centred
  EXPECT_EQ(lattice.origin[2], 4);
}

TEST(DeformationCpu, DeviceMeshOnTheCpuBackendIsRefused) {
  auto mesh = std::make_shared<DeviceSurfaceMesh>();
  DeformationOptions options;
  options.backend = Backend::CPU;
  try {
    MeshDeformation(std::shared_ptr<const DeviceSurfaceMesh>(mesh), Lattice{}, options);
    ADD_FAILURE() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA backend only"), std::string::npos) << e.what();
  }
}

} // namespace
