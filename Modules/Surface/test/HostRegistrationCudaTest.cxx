// Host volume in, host mesh out on CUDA with the volume page-locked in place
// (IsosurfaceOptions::registerHostVolume): the mesh must equal the CPU's bit for bit with
// registration on and off, from memory the caller pinned, from memory partly registered by
// someone else (registration fails: staging), from unaligned pointers into larger buffers, in
// several slabs, and from a device-resident copy; the volume crosses PCIe once, and memory we
// registered is unregistered again while the caller's pinning is left alone. Seeded random
// volumes above kRegisterHostVolumeMinBytes (CUMED_RANDOM_SEED; the seed is printed).
#include "cumed/core/Config.h"

#if CUMED_WITH_CUDA
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Transfer.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

/// Whether CUDA sees `address` as page-locked host memory.
bool PinnedNow(const void* address) {
  cudaPointerAttributes attributes{};
  const bool pinned = cudaPointerGetAttributes(&attributes, address) == cudaSuccess &&
                      attributes.type == cudaMemoryTypeHost;
  cudaGetLastError();
  return pinned;
}

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

/// Page-aligned host memory (so a test can register part of it on page boundaries).
std::unique_ptr<char, FreeDeleter> AlignedBytes(std::size_t bytes) {
  void* p = nullptr;
  if (posix_memalign(&p, 4096, (bytes + 4095) / 4096 * 4096) != 0) throw std::bad_alloc();
  return std::unique_ptr<char, FreeDeleter>(static_cast<char*>(p));
}

struct RandomCase {
  Volume<std::int16_t> volume;
  Volume<float> attribute;
  IsosurfaceOptions options;
  SurfaceMesh cpu;
};

/// Odd sizes, above the registration threshold, two isovalues, normals, scalars, one attribute.
RandomCase MakeCase(cumed::test::RandomDraw& draw) {
  const std::size_t nx = 2 * draw.integer(90, 130) + 1, ny = 2 * draw.integer(70, 110) + 1;
  const std::size_t planes = (kRegisterHostVolumeMinBytes + (1 << 20)) / (nx * ny * 2) + 1;
  const std::size_t nz = planes + draw.integer(0, 9);
  const auto geometry = ObliqueGeometry({nx, ny, nz});
  const auto seed = static_cast<unsigned>(draw.integer(1, 1 << 30));
  RandomCase c{SmoothField<std::int16_t>(geometry, seed, -1000, 2000, 30),
               SmoothField<float>(geometry, seed + 1, -5, 5), IsosurfaceOptions{}, SurfaceMesh{}};
  c.options.values = {draw.real(-600, 0), draw.real(100, 1500)};
  c.options.computeNormals = true;
  c.options.computeScalars = true;
  c.cpu = Extract(c.volume.view(), c.options, cumed::Backend::CPU, {c.attribute.view()});
  return c;
}

class HostRegistrationCuda : public cumed::test::BackendTest<> {
protected:
  /// One extraction of `volume` (same pixels as c.volume), checked against the CPU; returns the
  /// host->device copies it made.
  std::uint64_t ExpectIdentical(const RandomCase& c, const std::int16_t* volume,
                                const float* attribute, bool registerHostVolume, const char* what,
                                int slabs = 0) {
    IsosurfaceOptions options = c.options;
    options.registerHostVolume = registerHostVolume;
    options.numberOfSlabs = slabs;
    const cumed::ImageView<const std::int16_t> view{volume, c.volume.geometry,
                                                    cumed::MemoryLocation::Host};
    const cumed::ImageView<const float> attributeView{attribute, c.attribute.geometry,
                                                      cumed::MemoryLocation::Host};
    cumed::ResetTransferStats();
    const SurfaceMesh mesh = Extract(view, options, backend(), {attributeView});
    const auto stats = cumed::GetTransferStats();
    EXPECT_TRUE(IdenticalMeshes(mesh, c.cpu)) << what;
    if (slabs <= 1) { // one slab: each array goes up exactly once
      EXPECT_EQ(stats.hostToDeviceBytes,
                c.volume.data.size() * sizeof(std::int16_t) + c.attribute.data.size() * 4)
          << what;
    }
    return stats.hostToDeviceCopies;
  }
};

TEST_P(HostRegistrationCuda, RegisteredStagedAndPinnedInputsGiveTheCpuMesh) {
  cumed::test::ForEachRandomCase(2, [&](cumed::test::RandomDraw& draw) {
    const RandomCase c = MakeCase(draw);
    const std::int16_t* volume = c.volume.data.data();
    const float* attribute = c.attribute.data.data();
    ExpectIdentical(c, volume, attribute, true, "warm-up");
    // Registered: one direct copy per array, and nothing left registered afterwards.
    EXPECT_EQ(ExpectIdentical(c, volume, attribute, true, "registered"), 2u);
    EXPECT_FALSE(PinnedNow(volume)) << "the volume was left registered";
    EXPECT_FALSE(PinnedNow(attribute)) << "the attribute was left registered";
    // Off: chunks through staging.
    EXPECT_GT(ExpectIdentical(c, volume, attribute, false, "staged"), 2u);
    // Several slabs (ghost planes overlap) share one registration.
    ExpectIdentical(c, volume, attribute, true, "registered, 3 slabs", 3);
    // Caller-pinned memory: copied directly with registration on or off, and still pinned after.
    cumed::PinnedBuffer pinnedVolume(c.volume.data.size() * sizeof(std::int16_t));
    cumed::PinnedBuffer pinnedAttribute(c.attribute.data.size() * sizeof(float));
    ASSERT_TRUE(pinnedVolume.isPinned() && pinnedAttribute.isPinned());
    std::memcpy(pinnedVolume.data(), volume, pinnedVolume.size());
    std::memcpy(pinnedAttribute.data(), attribute, pinnedAttribute.size());
    for (const bool on : {true, false}) {
      EXPECT_EQ(ExpectIdentical(c, pinnedVolume.as<std::int16_t>(), pinnedAttribute.as<float>(), on,
                                on ? "caller-pinned, on" : "caller-pinned, off"),
                2u);
      EXPECT_TRUE(PinnedNow(pinnedVolume.data())) << "the caller's pinning was undone";
    }
  });
}

// Offset pointers into larger buffers (2-byte and 4-byte steps off any page boundary), and a
// buffer of which the caller registered the first pages: our registration then fails and the
// upload falls back to staging, leaving the caller's registration in place.
TEST_P(HostRegistrationCuda, UnalignedAndPartlyRegisteredInputsGiveTheCpuMesh) {
  cumed::test::ForEachRandomCase(2, [&](cumed::test::RandomDraw& draw) {
    const RandomCase c = MakeCase(draw);
    const std::size_t volumeBytes = c.volume.data.size() * sizeof(std::int16_t);
    const std::size_t attributeBytes = c.attribute.data.size() * sizeof(float);
    const std::size_t offset = 2 * draw.integer(1, 2047),
                      attributeOffset = 4 * draw.integer(1, 1023);
    auto volumeBuffer = AlignedBytes(volumeBytes + offset + 4096);
    auto attributeBuffer = AlignedBytes(attributeBytes + attributeOffset + 4096);
    auto* volume = reinterpret_cast<std::int16_t*>(volumeBuffer.get() + offset);
    auto* attribute = reinterpret_cast<float*>(attributeBuffer.get() + attributeOffset);
    std::memcpy(volume, c.volume.data.data(), volumeBytes);
    std::memcpy(attribute, c.attribute.data.data(), attributeBytes);
    SCOPED_TRACE(testing::Message() << "offsets " << offset << ", " << attributeOffset);
    ExpectIdentical(c, volume, attribute, true, "warm-up");
    EXPECT_EQ(ExpectIdentical(c, volume, attribute, true, "unaligned, registered"), 2u);
    EXPECT_FALSE(PinnedNow(volume));
    EXPECT_GT(ExpectIdentical(c, volume, attribute, false, "unaligned, staged"), 2u);
    // The caller registers the volume's first 64 KiB of pages itself.
    ASSERT_EQ(cudaHostRegister(volumeBuffer.get(), 64 << 10, cudaHostRegisterDefault), cudaSuccess);
    EXPECT_GT(ExpectIdentical(c, volume, attribute, true, "partly registered: staged"), 2u);
    EXPECT_EQ(cudaGetLastError(), cudaSuccess) << "a failed registration left its error behind";
    EXPECT_TRUE(PinnedNow(volumeBuffer.get())) << "the caller's registration was undone";
    EXPECT_EQ(cudaHostUnregister(volumeBuffer.get()), cudaSuccess);
  });
}

// The same random volumes from device memory (read in place) give the same mesh.
TEST_P(HostRegistrationCuda, DeviceResidentInputGivesTheCpuMesh) {
  cumed::test::ForEachRandomCase(1, [&](cumed::test::RandomDraw& draw) {
    const RandomCase c = MakeCase(draw);
    const cumed::Image deviceVolume = c.volume.image().toDevice();
    const cumed::Image deviceAttribute = c.attribute.image().toDevice();
    IsosurfaceOptions options = c.options;
    options.backend = backend();
    const IsosurfaceResult result = ExtractIsosurface(deviceVolume, options, {&deviceAttribute});
    EXPECT_TRUE(IdenticalMeshes(result.mesh, c.cpu));
  });
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(HostRegistrationCuda);

} // namespace
#endif
