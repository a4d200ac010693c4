// Every accelerated backend against the CPU reference (DeformationVsCpu, instantiated for the
// backends of cumed/test/Backends.h but the CPU: "Cuda/...", skipped without a usable device):
// positions and normals on the bunny and Igea (../shared/data/mesh, skipped when absent) and on
// random meshes within 1e-5 (relative to the mesh's size for positions); two runs bit for bit
// equal and every block size of the sweep giving the same bits; a device mesh deformed in place
// without any copy of the mesh to the host, and a device mesh with bad points refused.
#include "DeformationTestSupport.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <random>

using namespace cumed;
using namespace cumed::deformation;
using namespace cumed::deformationtest;

namespace {

std::vector<double> Twisted(const Lattice& lattice, double amount) {
  return samples::TwistedControlPoints(lattice, amount);
}

/// `backend` against the CPU on the same mesh and lattice.
void CompareWithCpu(Backend backend, const SurfaceMesh& mesh, const std::array<int, 3>& dimensions,
                    FaceWeighting weighting = FaceWeighting::Area) {
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), dimensions);
  DeformationOptions cpuOptions, otherOptions;
  cpuOptions.backend = Backend::CPU;
  otherOptions.backend = backend;
  cpuOptions.faceWeighting = otherOptions.faceWeighting = weighting;
  MeshDeformation cpu(mesh, lattice, cpuOptions), other(mesh, lattice, otherOptions);
  EXPECT_EQ(cpu.pointsOutside(), other.pointsOutside());
  EXPECT_LE(MaxDifference(cpu.localCoordinates(), other.localCoordinates()), 1e-6);
  const std::vector<double> points = Twisted(lattice, 0.8);
  SurfaceMesh a, b;
  cpu.deform(points, a);
  other.deform(points, b);
  const double extent = Extent(mesh);
  std::size_t where = 0;
  const double positions = MaxDifference(a.points.data(), b.points.data(), a.points.size(), &where);
  EXPECT_LE(positions, 1e-5 * extent) << "point " << where / 3 << " (mesh extent " << extent << ")";
  ASSERT_EQ(a.normals.size(), b.normals.size());
  const double normals =
      MaxDifference(a.normals.data(), b.normals.data(), a.normals.size(), &where);
  EXPECT_LE(normals, 1e-5) << "normal of point " << where / 3;
  EXPECT_EQ(std::vector<std::int64_t>(a.triangles.begin(), a.triangles.end()),
            std::vector<std::int64_t>(b.triangles.begin(), b.triangles.end()));
}

/// An accelerated backend (backend()) against the CPU reference, and what only it has.
class DeformationVsCpu : public test::BackendTest<> {};

TEST_P(DeformationVsCpu, RandomMeshesMatchTheCpu) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    std::mt19937 random(seed);
    const int rings = 5 + random() % 60, segments = 3 + random() % 90;
    const SurfaceMesh mesh = BumpySphere(rings, segments, 0.3, seed, {double(seed), -2.0, 0.5});
    SCOPED_TRACE("seed " + std::to_string(seed));
    CompareWithCpu(backend(), mesh, {2 + int(seed % 3), 3, 2 + int(seed)});
    CompareWithCpu(backend(), mesh, {8, 8, 8}, FaceWeighting::Unit);
  }
}

// Poles on both sides of the switch to a warp per vertex (more than 32 corners): the CPU sums
// in the warp's order, so the two agree as closely as for every other vertex.
TEST_P(DeformationVsCpu, HighValenceVerticesMatchTheCpu) {
  for (const int segments : {32, 33, 95, 2500}) {
    SCOPED_TRACE(std::to_string(segments) + " triangles around each pole");
    const SurfaceMesh mesh = BumpySphere(7, segments, 0.25, 13);
    CompareWithCpu(backend(), mesh, {3, 3, 3});
    CompareWithCpu(backend(), mesh, {4, 3, 5}, FaceWeighting::Unit);
  }
}

TEST_P(DeformationVsCpu, BunnyMatchesTheCpu) {
  const auto path = SharedMesh("stanford-bunny.obj");
  if (!path) GTEST_SKIP() << "../shared/data/mesh/stanford-bunny.obj not found beside the checkout";
  const SurfaceMesh mesh = meshio::ReadSurfaceMesh(*path);
  CompareWithCpu(backend(), mesh, {3, 3, 3});
  CompareWithCpu(backend(), mesh, {8, 8, 8});
}

TEST_P(DeformationVsCpu, IgeaMatchesTheCpu) {
  const auto path = SharedMesh("igea.ply");
  if (!path) GTEST_SKIP() << "../shared/data/mesh/igea.ply not found beside the checkout";
  const SurfaceMesh mesh = meshio::ReadSurfaceMesh(*path);
  CompareWithCpu(backend(), mesh, {3, 3, 3});
  CompareWithCpu(backend(), mesh, {8, 8, 8}, FaceWeighting::Unit);
}

TEST_P(DeformationVsCpu, TwoRunsAreBitwiseEqualForEveryBlockSize) {
  const SurfaceMesh mesh = BumpySphere(200, 300, 0.2, 9);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(mesh), {3, 3, 3});
  DeformationOptions options;
  options.backend = backend();
  MeshDeformation first(mesh, lattice, options), second(mesh, lattice, options);
  const std::vector<double> points = Twisted(lattice, 1.1);
  SurfaceMesh a, b;
  first.deform(points, a);
  second.deform(points, b);
  ASSERT_EQ(a.points.size(), b.points.size());
  EXPECT_EQ(std::memcmp(a.points.data(), b.points.data(), a.points.size() * 4), 0);
  EXPECT_EQ(std::memcmp(a.normals.data(), b.normals.data(), a.normals.size() * 4), 0);
  EXPECT_GT(first.launchConfiguration().deformThreadsPerBlock, 0);
  EXPECT_GT(first.launchConfiguration().normalsThreadsPerBlock, 0);
  for (int block = 32; block <= 1024; block *= 2) {
    second.setThreadsPerBlock(block);
    second.deform(points, b);
    EXPECT_EQ(second.launchConfiguration().deformThreadsPerBlock, block);
    EXPECT_EQ(std::memcmp(a.points.data(), b.points.data(), a.points.size() * 4), 0) << block;
    EXPECT_EQ(std::memcmp(a.normals.data(), b.normals.data(), a.normals.size() * 4), 0) << block;
  }
}

TEST_P(DeformationVsCpu, DeviceMeshIsDeformedWithoutAHostCopy) {
  const SurfaceMesh mesh = BumpySphere(100, 150, 0.2, 10);
  auto device = std::make_shared<DeviceSurfaceMesh>();
  device->numberOfPoints = mesh.numberOfPoints();
  device->numberOfTriangles = mesh.numberOfTriangles();
  device->points = DeviceBuffer(mesh.points.size() * 4);
  device->points.upload(mesh.points.data(), mesh.points.size() * 4);
  device->triangles = DeviceBuffer(mesh.triangles.size() * 8);
  device->triangles.upload(mesh.triangles.data(), mesh.triangles.size() * 8);
  const Lattice lattice = LatticeAroundBounds(MeshBounds(*device), {3, 3, 3});
  EXPECT_EQ(MeshBounds(*device), MeshBounds(mesh));

  const TransferStats before = GetTransferStats();
  DeformationOptions options;
  options.backend = backend();
  MeshDeformation deformation(std::shared_ptr<const DeviceSurfaceMesh>(device), lattice, options);
  DeviceSurfaceMesh out;
  const std::vector<double> points = Twisted(lattice, 0.5);
  for (int frame = 0; frame < 3; ++frame) deformation.deform(points, out);
  const TransferStats after = GetTransferStats();
  EXPECT_EQ(after.hostToDeviceCopies, before.hostToDeviceCopies);
  // Only the preparation's four values came back (32 bytes: three checks of the mesh and the
  // number of vertices with more than 32 triangles).
  EXPECT_EQ(after.deviceToHostBytes - before.deviceToHostBytes, 32u);

  DeformationOptions cpuOptions;
  cpuOptions.backend = Backend::CPU;
  MeshDeformation cpu(mesh, lattice, cpuOptions);
  SurfaceMesh expected;
  cpu.deform(points, expected);
  const SurfaceMesh got = out.toHost();
  EXPECT_LE(MaxDifference(got.points, expected.points), 1e-5 * Extent(mesh));
  EXPECT_LE(MaxDifference(got.normals, expected.normals), 1e-5);
  EXPECT_EQ(std::vector<std::int64_t>(got.triangles.begin(), got.triangles.end()),
            std::vector<std::int64_t>(mesh.triangles.begin(), mesh.triangles.end()));
}

TEST_P(DeformationVsCpu, DeviceMeshWithBadPointsIsRefused) {
  SurfaceMesh mesh = BumpySphere(10, 10, 0.0, 11);
  mesh.points[3 * 7 + 2] = std::nanf("");
  mesh.triangles[4] = -3;
  auto device = std::make_shared<DeviceSurfaceMesh>();
  device->numberOfPoints = mesh.numberOfPoints();
  device->numberOfTriangles = mesh.numberOfTriangles();
  device->points = DeviceBuffer(mesh.points.size() * 4);
  device->points.upload(mesh.points.data(), mesh.points.size() * 4);
  device->triangles = DeviceBuffer(mesh.triangles.size() * 8);
  device->triangles.upload(mesh.triangles.data(), mesh.triangles.size() * 8);
  try {
    MeshDeformation(std::shared_ptr<const DeviceSurfaceMesh>(device), Lattice{}, {});
    ADD_FAILURE() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("point 7 has a non-finite coordinate"), std::string::npos)
        << e.what();
  }
  mesh.points[3 * 7 + 2] = 0;
  device->points.upload(mesh.points.data(), mesh.points.size() * 4);
  try {
    MeshDeformation(std::shared_ptr<const DeviceSurfaceMesh>(device), Lattice{}, {});
    ADD_FAILURE() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("triangle 1 refers to point -3"), std::string::npos)
        << e.what();
  }
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(DeformationVsCpu);

} // namespace
