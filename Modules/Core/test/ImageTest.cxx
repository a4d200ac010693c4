#include "cumed/core/Image.h"
#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace {

cumed::ImageGeometry OddGeometry() {
  cumed::ImageGeometry g;
  g.size = {7, 5, 3};
  g.spacing = {0.5, 0.75, 2.0};
  g.origin = {-10.0, 4.0, 100.0};
  return g;
}

TEST(Image, AllocatesZeroedHostPixelsWithGeometry) {
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::Int16, OddGeometry(), cumed::MemoryLocation::Host);
  EXPECT_EQ(image.sizeInBytes(), 7u * 5u * 3u * 2u);
  EXPECT_EQ(image.location(), cumed::MemoryLocation::Host);
  auto view = image.view<std::int16_t>();
  for (std::size_t i = 0; i < image.geometry().numberOfPixels(); ++i) EXPECT_EQ(view.data[i], 0);
  EXPECT_EQ(view.geometry, OddGeometry());
}

TEST(Image, ViewOfTheWrongTypeNamesBothTypes) {
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::Float32, OddGeometry(), cumed::MemoryLocation::Host);
  try {
    image.view<std::uint8_t>();
    FAIL() << "expected InvalidArgument";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "image holds float pixels, not uint8");
  }
}

TEST(Image, RejectsEmptySizesAndBadSpacing) {
  cumed::ImageGeometry g = OddGeometry();
  g.size[1] = 0;
  EXPECT_THROW(cumed::Image::Allocate(cumed::PixelType::UInt8, g, cumed::MemoryLocation::Host),
               cumed::InvalidArgument);
  g = OddGeometry();
  g.spacing[2] = -1.0;
  try {
    g.validate();
    FAIL();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("spacing along z"), std::string::npos) << e.what();
  }
}

TEST(Image, HostCloneIsDeepAndMakesNoTransfer) {
  cumed::ResetTransferStats();
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::UInt16, OddGeometry(), cumed::MemoryLocation::Host);
  image.view<std::uint16_t>().data[4] = 1234;
  cumed::Image copy = image.clone();
  image.view<std::uint16_t>().data[4] = 1;
  EXPECT_EQ(copy.view<std::uint16_t>().data[4], 1234);
  EXPECT_EQ(cumed::GetTransferStats().hostToDeviceCopies, 0u);
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostCopies, 0u);
}

TEST(Image, MoveLeavesTheSourceEmpty) {
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::UInt8, OddGeometry(), cumed::MemoryLocation::Host);
  const void* pixels = image.data();
  cumed::Image moved = std::move(image);
  EXPECT_EQ(moved.data(), pixels);
}

} // namespace
