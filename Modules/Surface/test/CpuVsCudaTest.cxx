// The CUDA backend computes every point with the CPU's formulas (no FMA contraction on either
// side) and numbers points and triangles the same way, so its meshes must be bitwise identical to
// the CPU's, in the same order: points, triangles, normals, scalars, attributes, offsets. Checked
// for every pixel type, from host input and from device-resident input (cumed::Image::toDevice),
// with the mesh kept on the device (keepOnDevice, then DeviceSurfaceMesh::toHost), on every device
// (numberOfDevices = 0), and in Label mode.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "cumed/core/Transfer.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

struct Inputs {
  Size3 size;
  double lo, hi;
  std::vector<double> values;
};

template <class T> Inputs InputsFor() {
  if constexpr (std::is_same_v<T, std::uint8_t>)
    return {{97, 61, 45}, 0, 255, {50, 127.5, 200}};
  else if constexpr (std::is_same_v<T, std::int16_t>) // rows of 10 words, many blocks
    return {{300, 257, 131}, -1000, 2000, {-400, 300, 1500.5}};
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return {{65, 129, 67}, 0, 60000, {100, 30000}};
  else
    return {{129, 95, 77}, -1, 1, {-0.5, 0.0, 0.4}};
}

template <class T> void ExpectIdenticalToCpu(cumed::Backend backend) {
  const Inputs in = InputsFor<T>();
  const auto geometry = ObliqueGeometry(in.size);
  const auto volume = SmoothField<T>(geometry, 31, in.lo, in.hi, 24);
  const auto first = SmoothField<float>(geometry, 32, -5, 5);
  const auto second = SmoothField<float>(geometry, 33, 0, 1000);
  IsosurfaceOptions options;
  options.values = in.values;
  options.computeNormals = true;
  options.computeScalars = true;
  const std::vector<cumed::ImageView<const float>> attributes{first.view(), second.view()};

  const SurfaceMesh cpu = Extract(volume.view(), options, cumed::Backend::CPU, attributes);
  ASSERT_GT(cpu.numberOfTriangles(), 1000);
  ASSERT_TRUE(ValidTriangles(cpu));

  EXPECT_TRUE(IdenticalMeshes(Extract(volume.view(), options, backend, attributes), cpu))
      << "host input";

  // Device-resident input through the Image overload.
  const cumed::Image deviceVolume = volume.image().toDevice();
  const cumed::Image deviceFirst = first.image().toDevice();
  const cumed::Image deviceSecond = second.image().toDevice();
  options.backend = backend;
  IsosurfaceResult fromDevice =
      ExtractIsosurface(deviceVolume, options, {&deviceFirst, &deviceSecond});
  EXPECT_EQ(fromDevice.backendUsed, backend);
  EXPECT_TRUE(IdenticalMeshes(fromDevice.mesh, cpu)) << "device input";

  // Mesh kept on the device: the host mesh stays empty and nothing of the size of the mesh
  // comes back to the host.
  options.keepOnDevice = true;
  cumed::ResetTransferStats();
  IsosurfaceResult kept = ExtractIsosurface(deviceVolume, options, {&deviceFirst, &deviceSecond});
  const auto transfers = cumed::GetTransferStats();
  ASSERT_TRUE(kept.deviceMesh.has_value());
  EXPECT_EQ(kept.mesh.numberOfPoints(), 0);
  EXPECT_EQ(kept.mesh.numberOfTriangles(), 0);
  EXPECT_EQ(kept.deviceMesh->numberOfPoints, cpu.numberOfPoints());
  EXPECT_EQ(kept.deviceMesh->numberOfTriangles, cpu.numberOfTriangles());
  EXPECT_LT(transfers.deviceToHostBytes, cpu.points.size() * sizeof(float))
      << "keepOnDevice copied the mesh back";
  EXPECT_TRUE(IdenticalMeshes(kept.deviceMesh->toHost(), cpu)) << "keepOnDevice, device input";

  IsosurfaceResult keptFromHost = ExtractIsosurface(volume.view(), options, attributes);
  ASSERT_TRUE(keptFromHost.deviceMesh.has_value());
  EXPECT_TRUE(IdenticalMeshes(keptFromHost.deviceMesh->toHost(), cpu))
      << "keepOnDevice, host input";

  // Every usable device.
  options.keepOnDevice = false;
  options.numberOfDevices = 0;
  IsosurfaceResult all = ExtractIsosurface(volume.view(), options, attributes);
  EXPECT_GE(all.devicesUsed, 1);
  EXPECT_LE(all.devicesUsed, static_cast<int>(cumed::ProbeDevices().devices.size()));
  EXPECT_TRUE(IdenticalMeshes(all.mesh, cpu))
      << "numberOfDevices = 0 (" << all.devicesUsed << " devices, " << all.slabsUsed << " slabs)";
}

class CpuVsCuda : public cumed::test::BackendTest<> {};

TEST_P(CpuVsCuda, UInt8Identical) {
  ExpectIdenticalToCpu<std::uint8_t>(backend());
}
TEST_P(CpuVsCuda, Int16Identical) {
  ExpectIdenticalToCpu<std::int16_t>(backend());
}
TEST_P(CpuVsCuda, UInt16Identical) {
  ExpectIdenticalToCpu<std::uint16_t>(backend());
}
TEST_P(CpuVsCuda, FloatIdentical) {
  ExpectIdenticalToCpu<float>(backend());
}

TEST_P(CpuVsCuda, LabelModeIdentical) {
  const auto volume = LabelBlobs<std::uint16_t>(ObliqueGeometry({77, 51, 63}), {5, 9, 1000}, 41);
  IsosurfaceOptions options;
  options.mode = ContourMode::Label;
  options.values = {5, 9, 1000};
  options.computeNormals = true;
  options.computeScalars = true;
  const SurfaceMesh cpu = Extract(volume.view(), options, cumed::Backend::CPU);
  ASSERT_GT(cpu.numberOfTriangles(), 1000);
  EXPECT_TRUE(IdenticalMeshes(Extract(volume.view(), options, backend()), cpu));
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(CpuVsCuda);

} // namespace
