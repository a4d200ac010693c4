// The GPU runs binary dilation/erosion on bit-packed words (32 voxels of a row per word,
// cuda/PackedBinaryKernels.cu) for elements with an x reach up to 32, and the uint8 mask path
// beyond. Both must equal the CPU reference (itself equal to ITK, BinaryVsItkTest) at widths
// that are not whole words, at one word, at the x reach limit of 32 and just past it.
#include "RandomVolumes.h"
#include "cumed/core/Device.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <tuple>

namespace {

using namespace cumed::morphology;

std::vector<test::NamedElement> PackedElements() {
  return {{"ball3d_r2", StructuringElement::Ball({2, 2, 2})},
          {"disk2d_r4", StructuringElement::Ball({4, 4, 0})},
          {"random3d_5x5x3", test::RandomMask({5, 5, 3}, 21)},
          {"line_reach32", StructuringElement::Box({32, 1, 0})},            // chords of 65 voxels
          {"random_even_64x3x2", test::RandomMask({64, 3, 2}, 22)},         // x reach 32, even size
          {"box_reach33_uint8_path", StructuringElement::Box({33, 1, 1})}}; // past the limit
}

const std::size_t kWidths[] = {1, 31, 32, 33, 64, 95, 511};
constexpr std::size_t kHeight = 11, kDepth = 19; // several z blocks of the sliding kernel

template <class T> std::vector<T> RandomObject(std::size_t count, T foreground, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<T> values(count);
  const unsigned percent = 20 + seed % 60; // sparse to dense objects
  for (T& v : values) {
    const unsigned r = random() % 100;
    v = r < percent ? foreground : (r % 3 ? T(0) : T(3));
  }
  return values;
}

std::vector<BinaryOptions> Settings(BinaryOperation operation, double foreground) {
  BinaryOptions defaults;
  defaults.foreground = foreground;
  BinaryOptions other = defaults;
  if (operation == BinaryOperation::Close) {
    other.safeBorder = false;
  } else {
    other.background = 7;
    other.boundaryToForeground = operation == BinaryOperation::Dilate; // flip ITK's default
  }
  return {defaults, other};
}

template <class T>
void ExpectBackendEqualsCpu(cumed::Backend backend, const test::NamedElement& named,
                            std::size_t width, T foreground, unsigned seed) {
  const std::array<std::size_t, 3> size{width, kHeight, kDepth};
  cumed::ImageGeometry geometry;
  geometry.size = size;
  const auto input = RandomObject<T>(width * kHeight * kDepth, foreground, seed);
  for (BinaryOperation operation : {BinaryOperation::Dilate, BinaryOperation::Erode,
                                    BinaryOperation::Open, BinaryOperation::Close}) {
    int variant = 0;
    for (BinaryOptions options : Settings(operation, foreground)) {
      SCOPED_TRACE(testing::Message()
                   << named.name << " width " << width << " " << ToString(operation) << " "
                   << cumed::ToString(cumed::PixelTypeOf<T>()) << " settings #" << variant++);
      std::vector<T> expected(input.size()), actual(input.size());
      options.backend = cumed::Backend::CPU;
      Binary<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                {expected.data(), geometry, cumed::MemoryLocation::Host}, named.element, operation,
                options);
      options.backend = backend;
      Binary<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                {actual.data(), geometry, cumed::MemoryLocation::Host}, named.element, operation,
                options);
      std::size_t mismatches = 0, first = 0;
      for (std::size_t i = 0; i < expected.size(); ++i)
        if (expected[i] != actual[i] && mismatches++ == 0) first = i;
      EXPECT_EQ(mismatches, 0u) << "first at x " << first % width << ", y "
                                << first / width % kHeight << ", z " << first / width / kHeight
                                << ": CPU " << +expected[first] << ", " << cumed::ToString(backend)
                                << " " << +actual[first];
    }
  }
}

/// Parameters: the element's index in PackedElements, the width.
class BinaryCudaPacked : public cumed::test::BackendTest<int, std::size_t> {};

TEST_P(BinaryCudaPacked, EqualsCpu) {
  const int elementIndex = param<0>();
  const std::size_t width = param<1>();
  const test::NamedElement named = PackedElements()[elementIndex];
  const unsigned seed = 3000u + 100u * elementIndex + static_cast<unsigned>(width);
  // 16, 8 and 4 voxels per 16-byte vector when rows are whole words; foreground 0 as well.
  ExpectBackendEqualsCpu<std::uint8_t>(backend(), named, width, 1, seed);
  ExpectBackendEqualsCpu<std::int16_t>(backend(), named, width, -1, seed + 1);
  ExpectBackendEqualsCpu<std::uint16_t>(backend(), named, width, 0, seed + 2);
  ExpectBackendEqualsCpu<float>(backend(), named, width, 2.5f, seed + 3);
}

std::string
CaseName(const testing::TestParamInfo<std::tuple<cumed::Backend, int, std::size_t>>& info) {
  return PackedElements()[std::get<1>(info.param)].name + "_width" +
         std::to_string(std::get<2>(info.param));
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(BinaryCudaPacked, CaseName, testing::Range(0, 6),
                                                testing::ValuesIn(kWidths));

} // namespace
