// CuMed's grayscale morphology equals ITK's filters bit for bit, for every operation, pixel type
// and element, on the CPU and (suite GrayscaleCuda*) on the GPU.
#include "CaseNames.h"
#include "ItkReference.h"
#include "RandomVolumes.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <tuple>

namespace {

using namespace cumed::morphology;
using cumed::morphology::test::ItkGrayscale;
using cumed::morphology::test::NamedElement;

constexpr std::array<std::size_t, 3> kSize{23, 19, 11}; // odd, not multiples of any tile size

const GrayscaleOperation kOperations[] = {
    GrayscaleOperation::Dilate,  GrayscaleOperation::Erode,       GrayscaleOperation::Open,
    GrayscaleOperation::Close,   GrayscaleOperation::WhiteTopHat, GrayscaleOperation::BlackTopHat,
    GrayscaleOperation::Gradient};

template <class T>
std::vector<T> RunCuMed(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                        const StructuringElement& element, GrayscaleOperation operation,
                        cumed::Backend backend) {
  cumed::ImageGeometry geometry;
  geometry.size = size;
  std::vector<T> output(input.size());
  GrayscaleOptions options;
  options.backend = backend;
  const cumed::Backend ran = Grayscale<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                                          {output.data(), geometry, cumed::MemoryLocation::Host},
                                          element, operation, options);
  EXPECT_EQ(ran, backend);
  return output;
}

template <class T>
void ExpectEqualToItk(const NamedElement& named, GrayscaleOperation operation,
                      cumed::Backend backend, unsigned seed) {
  SCOPED_TRACE(testing::Message() << named.name << " " << ToString(operation) << " "
                                  << cumed::ToString(cumed::PixelTypeOf<T>()));
  const auto input = cumed::morphology::test::RandomVolume<T>(kSize[0] * kSize[1] * kSize[2], seed);
  const auto expected = ItkGrayscale(input, kSize, named.element, operation);
  const auto actual = RunCuMed(input, kSize, named.element, operation, backend);
  std::size_t mismatches = 0, first = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!(expected[i] == actual[i]) && mismatches++ == 0) first = i;
  EXPECT_EQ(mismatches, 0u) << "first at index " << first << ": ITK " << +expected[first]
                            << ", CuMed " << +actual[first];
}

// Written once, run on every built backend (cumed/test/Backends.h).
class GrayscaleEqualsItk : public cumed::test::BackendTest<int, GrayscaleOperation> {};

void CheckAllPixelTypes(cumed::Backend backend, int elementIndex, GrayscaleOperation operation) {
  const NamedElement named = cumed::morphology::test::TestElements()[elementIndex];
  const unsigned seed = 1000u + 10u * elementIndex + static_cast<unsigned>(operation);
  ExpectEqualToItk<std::uint8_t>(named, operation, backend, seed);
  ExpectEqualToItk<std::int16_t>(named, operation, backend, seed + 1);
  ExpectEqualToItk<std::uint16_t>(named, operation, backend, seed + 2);
  ExpectEqualToItk<float>(named, operation, backend, seed + 3);
}

TEST_P(GrayscaleEqualsItk, AllPixelTypes) {
  CheckAllPixelTypes(backend(), param<0>(), param<1>());
}

CUMED_INSTANTIATE_FOR_EVERY_BACKEND(GrayscaleEqualsItk,
                                    cumed::morphology::test::BackendCaseName<GrayscaleOperation>,
                                    testing::Range(0, 8), testing::ValuesIn(kOperations));

TEST(GrayscaleBoundary, ExplicitBoundaryValueIsUsedOutsideTheImage) {
  // A constant image dilated with boundary 7 > the image value: edge pixels see the 7.
  const std::array<std::size_t, 3> size{5, 4, 3};
  std::vector<std::int16_t> input(60, 3), output(60);
  cumed::ImageGeometry geometry;
  geometry.size = size;
  GrayscaleOptions options;
  options.backend = cumed::Backend::CPU;
  options.boundary = 7;
  Grayscale<std::int16_t>({input.data(), geometry, cumed::MemoryLocation::Host},
                          {output.data(), geometry, cumed::MemoryLocation::Host},
                          StructuringElement::Box({1, 1, 1}), GrayscaleOperation::Dilate, options);
  EXPECT_EQ(output[0], 7);                   // corner: outside neighbours
  EXPECT_EQ(output[1 + 5 * (1 + 4 * 1)], 3); // (1,1,1): all neighbours inside
}

TEST(GrayscaleArguments, MismatchedSizesAreRejected) {
  std::vector<float> a(60), b(60);
  cumed::ImageGeometry g1, g2;
  g1.size = {5, 4, 3};
  g2.size = {4, 5, 3};
  try {
    Grayscale<float>({a.data(), g1, cumed::MemoryLocation::Host},
                     {b.data(), g2, cumed::MemoryLocation::Host},
                     StructuringElement::Ball({1, 1, 1}), GrayscaleOperation::Dilate);
    FAIL();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("4x5x3 differs from input size 5x4x3"), std::string::npos)
        << e.what();
  }
}

// ---- What only a device backend has (device residency, slabs under a device memory cap, the
// unlimited-halo path), on every accelerated backend ----
class GrayscaleCuda : public cumed::test::BackendTest<> {};

TEST_P(GrayscaleCuda, DeviceResidentInputMakesNoTransfer) {
  const std::array<std::size_t, 3> size{67, 45, 21};
  const auto input = cumed::morphology::test::RandomVolume<std::int16_t>(67 * 45 * 21, 5);
  cumed::ImageGeometry geometry;
  geometry.size = size;
  cumed::Image host =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  std::copy(input.begin(), input.end(), host.view<std::int16_t>().data);
  const cumed::Image device = host.toDevice();
  cumed::ResetTransferStats();
  cumed::Backend ran;
  GrayscaleOptions options;
  options.backend = backend();
  const cumed::Image result = Grayscale(device, StructuringElement::Ball({2, 2, 2}),
                                        GrayscaleOperation::Close, options, &ran);
  EXPECT_EQ(cumed::GetTransferStats().hostToDeviceCopies, 0u);
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostCopies, 0u);
  EXPECT_EQ(result.location(), cumed::MemoryLocation::Device);
  const cumed::Image back = result.toHost();
  const auto expected =
      ItkGrayscale(input, size, StructuringElement::Ball({2, 2, 2}), GrayscaleOperation::Close);
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), back.view<std::int16_t>().data));
}

TEST_P(GrayscaleCuda, SlabsUnderAMemoryCapEqualOnePass) {
  const std::array<std::size_t, 3> size{80, 70, 60};
  const auto input = cumed::morphology::test::RandomVolume<std::int16_t>(80 * 70 * 60, 6);
  cumed::ImageGeometry geometry;
  geometry.size = size;
  for (GrayscaleOperation operation :
       {GrayscaleOperation::Dilate, GrayscaleOperation::Close, GrayscaleOperation::WhiteTopHat}) {
    SCOPED_TRACE(ToString(operation));
    std::vector<std::int16_t> whole(input.size()), slabbed(input.size());
    GrayscaleOptions options;
    options.backend = backend();
    const StructuringElement ball = StructuringElement::Ball({3, 3, 3});
    Grayscale<std::int16_t>({input.data(), geometry, cumed::MemoryLocation::Host},
                            {whole.data(), geometry, cumed::MemoryLocation::Host}, ball, operation,
                            options);
    // ~22 KiB a slice for dilation, ~70-90 KiB with padded scratch: every operation needs slabs.
    options.deviceMemoryBudget = 1200 * 1024;
    cumed::ResetTransferStats();
    Grayscale<std::int16_t>({input.data(), geometry, cumed::MemoryLocation::Host},
                            {slabbed.data(), geometry, cumed::MemoryLocation::Host}, ball,
                            operation, options);
    EXPECT_GE(cumed::GetTransferStats().hostToDeviceCopies, 2u) << "the cap must force slabs";
    EXPECT_EQ(whole, slabbed);
  }
}

/// A 63x63 disk and a 31^3 ball on float, the largest elements the issue asks for.
void ExpectLargeElementsEqualItk(cumed::Backend backend) {
  const std::array<std::size_t, 3> size{70, 66, 9};
  const auto input = cumed::morphology::test::RandomVolume<float>(70 * 66 * 9, 8);
  for (const StructuringElement& element :
       {StructuringElement::Ball({31, 31, 0}), StructuringElement::Ball({15, 15, 15})}) {
    const auto expected = ItkGrayscale(input, size, element, GrayscaleOperation::Dilate);
    EXPECT_EQ(expected, RunCuMed(input, size, element, GrayscaleOperation::Dilate, backend));
  }
}

TEST(GrayscaleLargeElements, EqualItkOnCpu) {
  ExpectLargeElementsEqualItk(cumed::Backend::CPU);
}

// On the GPU their halos exceed the tiled kernels' usual size (the unlimited path).
TEST_P(GrayscaleCuda, LargeElementsTakeTheUnlimitedPath) {
  ExpectLargeElementsEqualItk(backend());
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(GrayscaleCuda);

} // namespace
