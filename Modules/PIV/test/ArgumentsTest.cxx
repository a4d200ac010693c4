// Bad inputs are refused before any work, by an InvalidArgument that names the field or the
// image at fault and its value.
#include "FieldErrors.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <functional>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

cumed::Image Frame(std::size_t width, std::size_t height, std::size_t depth = 1) {
  cumed::ImageGeometry g;
  g.size = {width, height, depth};
  return cumed::Image::Allocate(cumed::PixelType::Float32, g, cumed::MemoryLocation::Host);
}

void ExpectRefused(const cumed::Image& a, const cumed::Image& b, const PivOptions& options,
                   const std::string& fragment) {
  try {
    ComputePiv(a, b, options);
    ADD_FAILURE() << "accepted; expected an error with \"" << fragment << "\"";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

void ExpectRefused(const std::function<void(PivOptions&)>& change, const std::string& fragment) {
  const cumed::Image a = Frame(128, 96), b = Frame(128, 96);
  PivOptions options = SinglePass(32);
  change(options);
  ExpectRefused(a, b, options, fragment);
}

TEST(PivArguments, OptionsOutOfRangeAreNamed) {
  ExpectRefused([](PivOptions& o) { o.windowSizes = {4}; }, "windowSizes[0] = 4 is out of range");
  ExpectRefused(
      [](PivOptions& o) {
        o.windowSizes = {64, 200};
      },
      "windowSizes[1] = 200 is out of range: window sizes are 8..128 px");
  ExpectRefused([](PivOptions& o) { o.windowSizes = {}; }, "windowSizes is empty");
  ExpectRefused([](PivOptions& o) { o.windowSizes = {128}; },
                "windowSizes[0] = 128 px is larger than the frames (128 x 96 px)");
  ExpectRefused([](PivOptions& o) { o.overlap = 1.0; }, "overlap = 1.000000 is out of range");
  ExpectRefused([](PivOptions& o) { o.overlap = -0.1; }, "overlap = -0.100000");
  ExpectRefused([](PivOptions& o) { o.searchExtension = -2; }, "searchExtension = -2");
  ExpectRefused([](PivOptions& o) { o.subPixel = SubPixelFit(7); }, "subPixel = 7");
  ExpectRefused([](PivOptions& o) { o.predictorSmoothing = 4; },
                "predictorSmoothing = 4 is out of range: 0 (off) .. 3");
  ExpectRefused([](PivOptions& o) { o.validation.medianThreshold = 0; },
                "validation.medianThreshold = 0 is out of range");
  ExpectRefused([](PivOptions& o) { o.validation.medianEpsilon = -1; },
                "validation.medianEpsilon = -1");
  ExpectRefused([](PivOptions& o) { o.validation.neighbourhoodRadius = 4; },
                "validation.neighbourhoodRadius = 4 is out of range: expected 1..3");
  ExpectRefused([](PivOptions& o) { o.validation.minPeakToPeak = -1; },
                "validation.minPeakToPeak = -1");
  ExpectRefused([](PivOptions& o) { o.validation.minU = 5, o.validation.maxU = 1; },
                "validation.minU/maxU = 5/1");
  ExpectRefused([](PivOptions& o) { o.validation.replacementIterations = 0; },
                "validation.replacementIterations = 0");
  ExpectRefused([](PivOptions& o) { o.threads = -1; }, "threads = -1 is outside 0..4096");
}

TEST(PivArguments, FramesAndMaskAreChecked) {
  const PivOptions options = SinglePass(16);
  ExpectRefused(Frame(64, 64), Frame(64, 48), options,
                "the frames differ in size: the first is 64 x 64 px, the second 64 x 48 px");
  ExpectRefused(Frame(64, 64, 3), Frame(64, 64, 3), options, "the first frame has 3 slices");
  cumed::ImageGeometry g;
  g.size = {64, 64, 1};
  const cumed::Image bytes =
      cumed::Image::Allocate(cumed::PixelType::UInt8, g, cumed::MemoryLocation::Host);
  ExpectRefused(Frame(64, 64), bytes, options, "the frames differ in pixel type");
  const cumed::Image rgb =
      cumed::Image::Allocate(cumed::PixelType::Float32, g, cumed::MemoryLocation::Host, 3);
  ExpectRefused(rgb, rgb, options, "the first frame has 3 components per pixel");

  cumed::ImageGeometry small;
  small.size = {32, 64, 1};
  const cumed::Image mask =
      cumed::Image::Allocate(cumed::PixelType::UInt8, small, cumed::MemoryLocation::Host);
  PivOptions masked = options;
  masked.mask = mask.view<std::uint8_t>();
  ExpectRefused(Frame(64, 64), Frame(64, 64), masked,
                "the mask is 32 x 64 px (1 slices) but the frames are 64 x 64 px");
}

TEST(PivArguments, ValidateFieldChecksItsArrays) {
  PivField field;
  field.resize(4, 3);
  field.flags.resize(5);
  EXPECT_THROW(ValidateField(field, ValidationOptions{}), cumed::InvalidArgument);
}

} // namespace
