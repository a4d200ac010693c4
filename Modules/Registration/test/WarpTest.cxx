// WarpImage(): a registration's field applied again gives its warped image bit for bit (also with
// another pixel type of the same values and another default value); bad fields are named.
#include "SyntheticImages.h"

#include "cumed/core/Error.h"
#include "cumed/registration/Registration.h"
#include "cumed/registration/Warp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

namespace cumed::registration {
namespace {

RegistrationResult ShortRegistration(const Image& fixed, const Image& moving, double defaultValue) {
  RegistrationOptions o;
  o.backend = Backend::CPU;
  o.levels = 2;
  o.gridSpacing = 12.0;
  o.maximumIterations = 5;
  o.bendingEnergyWeight = 0.01;
  o.defaultPixelValue = defaultValue;
  return Register(fixed, moving, o);
}

void ExpectSamePixels(const Image& a, const Image& b) {
  ASSERT_EQ(a.geometry(), b.geometry());
  const float* p = a.view<float>().data;
  const float* q = b.view<float>().data;
  std::size_t different = 0;
  for (std::size_t v = 0; v < a.geometry().numberOfPixels(); ++v) different += p[v] != q[v];
  EXPECT_EQ(different, 0u);
}

TEST(WarpImage, ReproducesTheRegistrationsWarpedImage) {
  const ImageGeometry g = test::BlobGeometry();
  const Image fixed = test::Blobs(g, 3);
  ImageGeometry shifted = g;
  shifted.origin[0] += 7.0; // part of the fixed grid maps outside the moving image
  const Image moving = test::Blobs(shifted, 4);
  const RegistrationResult r = ShortRegistration(fixed, moving, -123.0);
  WarpOptions options;
  options.defaultPixelValue = -123.0;
  const Image warped = WarpImage(moving, r.displacementField, options);
  EXPECT_EQ(warped.pixelType(), PixelType::Float32);
  ExpectSamePixels(warped, r.warpedImage);
  std::size_t outside = 0;
  for (std::size_t v = 0; v < g.numberOfPixels(); ++v)
    outside += warped.view<float>().data[v] == -123.0f;
  EXPECT_GT(outside, 0u);

  // The same values as Int16 warp to the same floats.
  Image asInt = Image::Allocate(PixelType::Int16, shifted, MemoryLocation::Host);
  Image rounded = Image::Allocate(PixelType::Float32, shifted, MemoryLocation::Host);
  for (std::size_t v = 0; v < shifted.numberOfPixels(); ++v) {
    const float value = std::round(moving.view<float>().data[v]);
    asInt.view<std::int16_t>().data[v] = static_cast<std::int16_t>(value);
    rounded.view<float>().data[v] = value;
  }
  ExpectSamePixels(WarpImage(asInt, r.displacementField, options),
                   WarpImage(rounded, r.displacementField, options));
}

TEST(WarpImage, NamesABadField) {
  const ImageGeometry g = test::BlobGeometry();
  const Image image = test::Blobs(g, 3);
  try {
    WarpImage(image, image);
    FAIL() << "a scalar field was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("float and 3 components, got float and 1 components"),
              std::string::npos)
        << e.what();
  }
  const Image field = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  WarpOptions options;
  options.defaultPixelValue = std::nan("");
  EXPECT_THROW(WarpImage(image, field, options), InvalidArgument);
}

} // namespace
} // namespace cumed::registration
