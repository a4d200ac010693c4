// CuMed's binary morphology equals ITK's binary filters bit for bit (every operation, pixel type
// and element; default and non-default settings), on the CPU and (BinaryCuda*) on the GPU.
#include "CaseNames.h"
#include "ItkReference.h"
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
using cumed::morphology::test::NamedElement;

constexpr std::array<std::size_t, 3> kSize{25, 21, 13};

/// A label-map-like volume: background 0, the object (foreground) in blobs, a few other labels.
template <class T> std::vector<T> RandomLabels(T foreground, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<T> values(kSize[0] * kSize[1] * kSize[2], T(0));
  for (T& v : values) {
    const unsigned r = random() % 10;
    v = r < 5 ? foreground : (r < 8 ? T(0) : T(3));
  }
  return values;
}

/// The settings each operation is checked with: ITK's defaults, then non-default values.
std::vector<BinaryOptions> Settings(BinaryOperation operation, double foreground) {
  BinaryOptions defaults;
  defaults.foreground = foreground;
  BinaryOptions other = defaults;
  switch (operation) {
  case BinaryOperation::Dilate:
  case BinaryOperation::Erode:
    other.background = 7;
    other.boundaryToForeground = operation == BinaryOperation::Dilate; // flip ITK's default
    break;
  case BinaryOperation::Open:
    other.background = 7;
    break;
  case BinaryOperation::Close:
    other.safeBorder = false;
    break;
  }
  return {defaults, other};
}

template <class T>
void ExpectEqualToItk(const NamedElement& named, BinaryOperation operation, cumed::Backend backend,
                      T foreground, unsigned seed) {
  const auto input = RandomLabels<T>(foreground, seed);
  cumed::ImageGeometry geometry;
  geometry.size = kSize;
  int variant = 0;
  for (BinaryOptions options : Settings(operation, foreground)) {
    SCOPED_TRACE(testing::Message()
                 << named.name << " " << ToString(operation) << " "
                 << cumed::ToString(cumed::PixelTypeOf<T>()) << " settings #" << variant++);
    const auto expected =
        cumed::morphology::test::ItkBinary(input, kSize, named.element, operation, options);
    std::vector<T> actual(input.size());
    options.backend = backend;
    EXPECT_EQ(Binary<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                        {actual.data(), geometry, cumed::MemoryLocation::Host}, named.element,
                        operation, options),
              backend);
    std::size_t mismatches = 0, first = 0;
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (expected[i] != actual[i] && mismatches++ == 0) first = i;
    EXPECT_EQ(mismatches, 0u) << "first at index " << first << ": ITK " << +expected[first]
                              << ", CuMed " << +actual[first];
  }
}

const BinaryOperation kOperations[] = {BinaryOperation::Dilate, BinaryOperation::Erode,
                                       BinaryOperation::Open, BinaryOperation::Close};

// Written once, run on every built backend (cumed/test/Backends.h).
class BinaryEqualsItk : public cumed::test::BackendTest<int, BinaryOperation> {};

void CheckAllPixelTypes(cumed::Backend backend, int elementIndex, BinaryOperation operation) {
  const NamedElement named = cumed::morphology::test::TestElements()[elementIndex];
  const unsigned seed = 2000u + 10u * elementIndex + static_cast<unsigned>(operation);
  ExpectEqualToItk<std::uint8_t>(named, operation, backend, 255, seed);
  ExpectEqualToItk<std::int16_t>(named, operation, backend, 1, seed + 1);
  ExpectEqualToItk<std::uint16_t>(named, operation, backend, 0, seed + 2); // foreground 0
  ExpectEqualToItk<float>(named, operation, backend, 2.5f, seed + 3);
}

TEST_P(BinaryEqualsItk, AllPixelTypes) {
  CheckAllPixelTypes(backend(), param<0>(), param<1>());
}

CUMED_INSTANTIATE_FOR_EVERY_BACKEND(BinaryEqualsItk,
                                    cumed::morphology::test::BackendCaseName<BinaryOperation>,
                                    testing::Range(0, 8), testing::ValuesIn(kOperations));

} // namespace
