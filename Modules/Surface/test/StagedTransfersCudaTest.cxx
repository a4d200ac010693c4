// Host input and host mesh on the CUDA backend go through Core's pinned staging in chunks
// (TransferPipeline.h). With a volume and a mesh many chunks long, odd sizes that leave short
// tails, several isovalues (several jobs through one download pipeline) and several slabs, the
// mesh must still equal the CPU's bit for bit, and every byte that crosses PCIe is counted once.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "cumed/core/Transfer.h"
#include "cumed/core/TransferPipeline.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

std::size_t MeshBytes(const SurfaceMesh& m) {
  std::size_t bytes = m.points.size() * sizeof(float) + m.normals.size() * sizeof(float) +
                      m.scalars.size() * sizeof(float) +
                      m.triangles.size() * sizeof(m.triangles[0]);
  for (const auto& a : m.attributes) bytes += a.size() * sizeof(float);
  return bytes;
}

struct Case {
  Volume<std::int16_t> volume;
  Volume<float> attribute;
  IsosurfaceOptions options;
  SurfaceMesh cpu;
};

Case MakeCase() {
  const auto geometry = ObliqueGeometry({301, 263, 157}); // 24.9 MB of int16: 16 chunks
  Case c{SmoothField<std::int16_t>(geometry, 71, -1000, 2000, 30),
         SmoothField<float>(geometry, 72, -5, 5), IsosurfaceOptions{}, SurfaceMesh{}};
  c.options.values = {-400, 300, 1500.5};
  c.options.computeNormals = true;
  c.options.computeScalars = true;
  c.cpu = Extract(c.volume.view(), c.options, cumed::Backend::CPU, {c.attribute.view()});
  return c;
}

const Case& SharedCase() {
  static const Case c = MakeCase();
  return c;
}

class StagedTransfersCuda : public cumed::test::BackendTest<> {};

TEST_P(StagedTransfersCuda, ManyChunksBothWaysIdenticalAndCountedOnce) {
  const Case& c = SharedCase();
  const std::size_t volumeBytes = c.volume.data.size() * sizeof(std::int16_t);
  const std::size_t meshBytes = MeshBytes(c.cpu);
  ASSERT_GT(volumeBytes, 8 * cumed::StagingChunkBytes(volumeBytes));
  ASSERT_GT(meshBytes, 8 * cumed::StagingChunkBytes(meshBytes)) << "the mesh must span chunks";
  Extract(c.volume.view(), c.options, backend(), {c.attribute.view()}); // warm-up
  cumed::ResetTransferStats();
  const SurfaceMesh cuda = Extract(c.volume.view(), c.options, backend(), {c.attribute.view()});
  const auto stats = cumed::GetTransferStats();
  EXPECT_TRUE(IdenticalMeshes(cuda, c.cpu));
  // One slab: the volume and the attribute go up once, in chunks.
  EXPECT_EQ(stats.hostToDeviceBytes, volumeBytes + c.attribute.data.size() * sizeof(float));
  EXPECT_GE(stats.hostToDeviceCopies,
            2 * cumed::SplitIntoChunks(volumeBytes, cumed::StagingChunkBytes(volumeBytes)).size());
  // The mesh comes down once, plus each job's three totals (points, triangles, cells).
  EXPECT_EQ(stats.deviceToHostBytes,
            meshBytes + c.options.values.size() * 3 * sizeof(std::uint64_t));
}

TEST_P(StagedTransfersCuda, SeveralSlabsStagedSlabBySlabIdentical) {
  const Case& c = SharedCase();
  IsosurfaceOptions options = c.options;
  options.numberOfSlabs = 5; // 157 planes: slabs of uneven depth with ghost planes
  options.backend = backend();
  const IsosurfaceResult result = ExtractIsosurface(c.volume.view(), options, {c.attribute.view()});
  EXPECT_EQ(result.slabsUsed, 5);
  EXPECT_TRUE(IdenticalMeshes(result.mesh, c.cpu));
}

TEST_P(StagedTransfersCuda, HostInputMeshKeptOnDeviceIdentical) {
  const Case& c = SharedCase();
  IsosurfaceOptions options = c.options;
  options.keepOnDevice = true;
  options.backend = backend();
  cumed::ResetTransferStats();
  const IsosurfaceResult kept = ExtractIsosurface(c.volume.view(), options, {c.attribute.view()});
  EXPECT_LT(cumed::GetTransferStats().deviceToHostBytes, 1024u) << "only the totals come back";
  ASSERT_TRUE(kept.deviceMesh.has_value());
  EXPECT_TRUE(IdenticalMeshes(kept.deviceMesh->toHost(), c.cpu));
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(StagedTransfersCuda);

} // namespace
