// Padding, counting and thresholding, the small steps of a device chain: against brute force on
// the CPU, and CPU against CUDA on fresh random volumes (exact: integer and float comparisons).
#include "RandomVolumes.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/morphology/BinaryThreshold.h"
#include "cumed/morphology/Pad.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using cumed::morphology::test::RandomVolume;

cumed::ImageGeometry OddGeometry() {
  cumed::ImageGeometry g;
  g.size = {13, 9, 7};
  g.spacing = {0.5, 0.8, 2.0};
  g.origin = {3.0, -1.0, 10.0};
  g.direction = {0, 1, 0, -1, 0, 0, 0, 0, 1}; // rotated a quarter turn about z
  return g;
}

template <class T> cumed::Image HostImage(const std::vector<T>& values, cumed::ImageGeometry g) {
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelTypeOf<T>(), g, cumed::MemoryLocation::Host);
  std::copy(values.begin(), values.end(), image.view<T>().data);
  return image;
}

TEST(Pad, KeepsEveryVoxelInPlaceAndFillsTheBorder) {
  const cumed::ImageGeometry g = OddGeometry();
  const auto values = RandomVolume<std::int16_t>(g.numberOfPixels(), 1);
  const cumed::Image input = HostImage(values, g);
  const std::array<int, 3> pad{2, 1, 3};
  const cumed::ImageGeometry pg = cumed::morphology::PaddedGeometry(g, pad);
  ASSERT_EQ(pg.size, (std::array<std::size_t, 3>{17, 11, 13}));
  // Voxel (0,0,0) of the input is voxel pad of the output, at the same world position.
  for (int r = 0; r < 3; ++r) {
    double world = pg.origin[r];
    for (int c = 0; c < 3; ++c) world += pg.direction[3 * r + c] * pg.spacing[c] * pad[c];
    EXPECT_NEAR(world, g.origin[r], 1e-12);
  }
  cumed::Image output =
      cumed::Image::Allocate(cumed::PixelType::Int16, pg, cumed::MemoryLocation::Host);
  EXPECT_EQ(cumed::morphology::PadConstant(input.view<std::int16_t>(), output.view<std::int16_t>(),
                                           pad, -7.0),
            cumed::Backend::CPU);
  const std::int16_t* out = output.view<std::int16_t>().data;
  for (std::size_t z = 0; z < pg.size[2]; ++z)
    for (std::size_t y = 0; y < pg.size[1]; ++y)
      for (std::size_t x = 0; x < pg.size[0]; ++x) {
        const long ix = long(x) - pad[0], iy = long(y) - pad[1], iz = long(z) - pad[2];
        const bool inside = ix >= 0 && iy >= 0 && iz >= 0 && ix < long(g.size[0]) &&
                            iy < long(g.size[1]) && iz < long(g.size[2]);
        const std::int16_t expected =
            inside ? values[(iz * g.size[1] + iy) * g.size[0] + ix] : std::int16_t(-7);
        ASSERT_EQ(out[(z * pg.size[1] + y) * pg.size[0] + x], expected)
            << x << "," << y << "," << z;
      }
  cumed::Image wrong =
      cumed::Image::Allocate(cumed::PixelType::Int16, g, cumed::MemoryLocation::Host);
  EXPECT_THROW(cumed::morphology::PadConstant(input.view<std::int16_t>(),
                                              wrong.view<std::int16_t>(), pad, 0.0),
               cumed::InvalidArgument);
  EXPECT_THROW(cumed::morphology::PaddedGeometry(g, {1, -1, 0}), cumed::InvalidArgument);
}

TEST(CountInRange, MatchesBruteForceWithRealNumberBounds) {
  const cumed::ImageGeometry g = OddGeometry();
  const auto shorts = RandomVolume<std::int16_t>(g.numberOfPixels(), 2);
  const auto floats = RandomVolume<float>(g.numberOfPixels(), 3);
  const cumed::Image s = HostImage(shorts, g), f = HostImage(floats, g);
  for (const auto& [lower, upper] : std::vector<std::pair<double, double>>{
           {300.5, 1e300}, {-12000.0, 12000.0}, {-0.5, 0.5}, {7.0, 7.0}, {5.0, -5.0}}) {
    std::uint64_t expectShort = 0, expectFloat = 0;
    for (std::int16_t v : shorts) expectShort += lower <= v && v <= upper;
    for (float v : floats) expectFloat += lower <= double(v) && double(v) <= upper;
    EXPECT_EQ(cumed::morphology::CountInRange(s.view<std::int16_t>(), lower, upper), expectShort)
        << lower << " " << upper;
    EXPECT_EQ(cumed::morphology::CountInRange(f.view<float>(), lower, upper), expectFloat)
        << lower << " " << upper;
  }
}

template <class T> void ExpectDeviceEqualsHost(cumed::Backend backend, unsigned seed) {
  const cumed::ImageGeometry g = OddGeometry();
  const auto values = RandomVolume<T>(g.numberOfPixels(), seed);
  const cumed::Image host = HostImage(values, g);
  const cumed::Image device = host.toDevice();
  // Count
  EXPECT_EQ(cumed::morphology::CountInRange(device.view<T>(), -100.25, 900.0),
            cumed::morphology::CountInRange(host.view<T>(), -100.25, 900.0));
  // Pad
  const std::array<int, 3> pad{1, 2, 1};
  const cumed::ImageGeometry pg = cumed::morphology::PaddedGeometry(g, pad);
  cumed::Image hostPadded =
      cumed::Image::Allocate(cumed::PixelTypeOf<T>(), pg, cumed::MemoryLocation::Host);
  cumed::Image devicePadded =
      cumed::Image::Allocate(cumed::PixelTypeOf<T>(), pg, cumed::MemoryLocation::Device);
  cumed::morphology::PadConstant(host.view<T>(), hostPadded.view<T>(), pad, 3.0);
  EXPECT_EQ(cumed::morphology::PadConstant(device.view<T>(), devicePadded.view<T>(), pad, 3.0),
            backend);
  const cumed::Image back = devicePadded.toHost();
  EXPECT_TRUE(std::equal(back.view<T>().data, back.view<T>().data + pg.numberOfPixels(),
                         hostPadded.view<T>().data));
  // Threshold: host views through the backend, device views, and the CPU agree.
  cumed::morphology::BinaryThresholdOptions options;
  options.lower = -50.5;
  options.upper = 700.0;
  options.inside = 9;
  options.outside = 2;
  std::vector<std::uint8_t> cpu(g.numberOfPixels()), cuda(g.numberOfPixels());
  options.backend = cumed::Backend::CPU;
  cumed::morphology::BinaryThreshold<T, std::uint8_t>(host.view<T>(), {cpu.data(), g}, options);
  options.backend = backend;
  cumed::morphology::BinaryThreshold<T, std::uint8_t>(host.view<T>(), {cuda.data(), g}, options);
  EXPECT_EQ(cpu, cuda);
  cumed::Image deviceMask =
      cumed::Image::Allocate(cumed::PixelType::UInt8, g, cumed::MemoryLocation::Device);
  cumed::morphology::BinaryThreshold<T, std::uint8_t>(device.view<T>(),
                                                      deviceMask.view<std::uint8_t>(), options);
  const cumed::Image mask = deviceMask.toHost();
  EXPECT_TRUE(std::equal(cpu.begin(), cpu.end(), mask.view<std::uint8_t>().data));
  std::size_t inside = 0;
  for (T v : values) inside += -50.5 <= double(v) && double(v) <= 700.0;
  EXPECT_EQ(std::size_t(std::count(cpu.begin(), cpu.end(), 9)), inside);
}

class PadCountThresholdCuda : public cumed::test::BackendTest<> {};

TEST_P(PadCountThresholdCuda, DeviceEqualsHostForEveryPixelType) {
  ExpectDeviceEqualsHost<std::uint8_t>(backend(), 4);
  ExpectDeviceEqualsHost<std::int16_t>(backend(), 5);
  ExpectDeviceEqualsHost<std::uint16_t>(backend(), 6);
  ExpectDeviceEqualsHost<float>(backend(), 7);
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(PadCountThresholdCuda);

} // namespace
