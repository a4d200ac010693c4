// Opening and closing of host images on the GPU run in z slabs, and each slab computes only the
// slices it keeps (its first pass: the kept slices and reach_z on each side; its second: the kept
// slices; cuda/GrayscaleCuda.cxx). Deep volumes (several pipelined slabs) and small device
// budgets (one slab at a time) must still equal the CPU on every voxel, with and without
// SafeBorder, for balls on both centred kernels, a box (line passes) and a random mask.
#include "RandomVolumes.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace cumed::morphology;

std::vector<test::NamedElement> SlabElements() {
  return {{"ball_r4", StructuringElement::Ball({4, 4, 4})},
          {"ball_r3x2x1", StructuringElement::Ball({3, 2, 1})},
          {"ball_r10x6x3", StructuringElement::Ball({10, 6, 3})}, // the plane kernel
          {"box_2x1x2", StructuringElement::Box({2, 1, 2})},
          {"random_5x3x5", test::RandomMask({5, 3, 5}, 31)}};
}

template <class T>
void ExpectSlabsEqualCpu(cumed::Backend backend, const test::NamedElement& named,
                         std::uint64_t seed) {
  const std::array<std::size_t, 3> size{37, 21, 83}; // deep: 4+ pipelined slabs for reach_z <= 5
  cumed::ImageGeometry geometry;
  geometry.size = size;
  const auto input =
      test::RandomVolume<T>(size[0] * size[1] * size[2], static_cast<unsigned>(seed));
  // 0: the pipelined slabs. Else a budget for an interior of about 12 slices, one slab at a
  // time: the device bytes per slice as cuda/DeviceRunner.h's BytesPerSlice counts them for two
  // scratch volumes padded by the reach, times (2 halos + 12) slices.
  const std::array<int, 3> reach = named.element.reach();
  const double paddedPlane = double(size[0] + 2 * reach[0]) * double(size[1] + 2 * reach[1]);
  const double perSlice =
      (2.0 * double(size[0] * size[1]) + 2.0 * paddedPlane * (1.0 + 2.0 * reach[2] / 8.0)) *
      sizeof(T);
  const std::size_t slab = static_cast<std::size_t>(perSlice * (2 * 2 * reach[2] + 12));
  for (const std::size_t budget : {std::size_t(0), slab})
    for (const GrayscaleOperation operation : {GrayscaleOperation::Close, GrayscaleOperation::Open})
      for (const bool safeBorder : {true, false}) {
        SCOPED_TRACE(testing::Message()
                     << named.name << " " << ToString(operation) << " "
                     << cumed::ToString(cumed::PixelTypeOf<T>()) << " budget " << budget
                     << " safeBorder " << safeBorder << " seed " << seed);
        GrayscaleOptions options;
        options.safeBorder = safeBorder;
        std::vector<T> expected(input.size()), actual(input.size());
        options.backend = cumed::Backend::CPU;
        Grayscale<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                     {expected.data(), geometry, cumed::MemoryLocation::Host}, named.element,
                     operation, options);
        options.backend = backend;
        options.deviceMemoryBudget = budget;
        Grayscale<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                     {actual.data(), geometry, cumed::MemoryLocation::Host}, named.element,
                     operation, options);
        std::size_t mismatches = 0, first = 0;
        for (std::size_t i = 0; i < expected.size(); ++i)
          if (expected[i] != actual[i] && mismatches++ == 0) first = i;
        EXPECT_EQ(mismatches, 0u) << "first at x " << first % size[0] << ", y "
                                  << first / size[0] % size[1] << ", z "
                                  << first / size[0] / size[1] << ": CPU " << +expected[first]
                                  << ", " << cumed::ToString(backend) << " " << +actual[first];
      }
}

/// Parameter: the element's index in SlabElements.
class SlabOpenCloseCuda : public cumed::test::BackendTest<int> {};

TEST_P(SlabOpenCloseCuda, KeptSlicesEqualCpu) {
  const test::NamedElement named = SlabElements()[param<0>()];
  cumed::test::ForEachRandomCase(1, [&](cumed::test::RandomDraw& draw) {
    const std::uint64_t seed = draw.engine()();
    ExpectSlabsEqualCpu<std::uint8_t>(backend(), named, seed);
    ExpectSlabsEqualCpu<std::int16_t>(backend(), named, seed + 1);
    ExpectSlabsEqualCpu<std::uint16_t>(backend(), named, seed + 2);
    ExpectSlabsEqualCpu<float>(backend(), named, seed + 3);
  });
}

std::string SlabCaseName(const testing::TestParamInfo<std::tuple<cumed::Backend, int>>& info) {
  return SlabElements()[std::get<1>(info.param)].name;
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(SlabOpenCloseCuda, SlabCaseName,
                                                testing::Range(0, 5));

} // namespace
