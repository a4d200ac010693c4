// Splitting the volume into z-slabs (one plane of overlap, src/ContourGrid.h) must not change the
// mesh: 2, 3, 7 slabs, one plane per slab, more slabs than planes, and a 2-plane volume give the
// single-slab mesh bit for bit, on the CPU and on CUDA (slabs run in turn on one device: "virtual
// GPUs", also with the mesh kept on the device, and spread over every device).
#include "MeshChecks.h"
#include "TestVolumes.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

struct SlabInput {
  Volume<std::int16_t> volume;
  Volume<float> attribute;
};

SlabInput MakeInput(Size3 size) {
  const auto geometry = ObliqueGeometry(size);
  return {SmoothField<std::int16_t>(geometry, 51, -1000, 2000),
          SmoothField<float>(geometry, 52, 0, 1)};
}

IsosurfaceOptions Options() {
  IsosurfaceOptions options;
  options.values = {-200, 500.5};
  options.computeNormals = true;
  options.computeScalars = true;
  return options;
}

SurfaceMesh RunSlabs(const SlabInput& in, IsosurfaceOptions options, cumed::Backend backend) {
  return Extract(in.volume.view(), options, backend, {in.attribute.view()});
}

void ExpectSlabsIdentical(Size3 size, const std::vector<int>& slabCounts, cumed::Backend backend) {
  const SlabInput in = MakeInput(size);
  IsosurfaceOptions options = Options();
  options.numberOfSlabs = 1;
  const SurfaceMesh one = RunSlabs(in, options, cumed::Backend::CPU);
  ASSERT_GT(one.numberOfTriangles(), 100);
  ASSERT_TRUE(ValidTriangles(one));
  for (int slabs : slabCounts) {
    options.numberOfSlabs = slabs;
    EXPECT_TRUE(IdenticalMeshes(RunSlabs(in, options, backend), one))
        << slabs << " slabs on " << size[2] << " planes";
  }
}

const std::vector<int> kSlabCounts{1, 2, 3, 7, 22, 23, 24, 100};

// On CUDA the slabs run in turn on one device ("virtual GPUs").
class Slabs : public cumed::test::BackendTest<> {};

TEST_P(Slabs, AnySlabCountGivesTheCpuMesh) {
  ExpectSlabsIdentical({45, 37, 23}, kSlabCounts, backend());
}
TEST_P(Slabs, TwoPlaneVolume) {
  ExpectSlabsIdentical({40, 33, 2}, {1, 2, 5}, backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(Slabs);

// What only a device backend has: the mesh kept on the device, slabs spread over every device.
class SlabsCuda : public cumed::test::BackendTest<> {};

TEST_P(SlabsCuda, KeptOnDeviceAndOnEveryDevice) {
  const SlabInput in = MakeInput({67, 41, 59});
  IsosurfaceOptions options = Options();
  const SurfaceMesh one = RunSlabs(in, options, cumed::Backend::CPU);
  options.backend = backend();
  options.numberOfSlabs = 5;
  options.keepOnDevice = true;
  IsosurfaceResult kept = ExtractIsosurface(in.volume.view(), options, {in.attribute.view()});
  ASSERT_TRUE(kept.deviceMesh.has_value());
  EXPECT_TRUE(IdenticalMeshes(kept.deviceMesh->toHost(), one)) << "5 slabs, keepOnDevice";

  options.keepOnDevice = false;
  options.numberOfDevices = 0;
  for (int slabs : {0, 1, 7, 59, 200}) {
    options.numberOfSlabs = slabs;
    const IsosurfaceResult all =
        ExtractIsosurface(in.volume.view(), options, {in.attribute.view()});
    EXPECT_TRUE(IdenticalMeshes(all.mesh, one))
        << slabs << " slabs requested on every device: " << all.slabsUsed << " slabs on "
        << all.devicesUsed << " devices";
  }
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(SlabsCuda);

} // namespace
