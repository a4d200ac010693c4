// Requests that cannot be served throw InvalidArgument with a message naming the problem.
#include "TestVolumes.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

void ExpectInvalid(const std::function<void()>& call, const std::vector<std::string>& parts) {
  try {
    call();
    ADD_FAILURE() << "no exception; expected InvalidArgument mentioning '" << parts[0] << "'";
  } catch (const cumed::InvalidArgument& e) {
    for (const auto& part : parts)
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << "message '" << e.what() << "' lacks '" << part << "'";
  } catch (const std::exception& e) {
    ADD_FAILURE() << "expected InvalidArgument, got: " << e.what();
  }
}

cumed::ImageGeometry Geometry(Size3 size) {
  cumed::ImageGeometry g;
  g.size = size;
  return g;
}

void ExpectRequestErrors(cumed::Backend backend) {
  const auto volume = SmoothField<float>(Geometry({9, 8, 7}), 71, 0, 1);
  IsosurfaceOptions options;
  options.backend = backend;
  options.values = {0.5};

  const auto flat = SmoothField<float>(Geometry({9, 8, 1}), 72, 0, 1);
  ExpectInvalid([&] { ExtractIsosurface(flat.view(), options); },
                {"9x8x1", "at least 2 points", "axis z has 1"});

  IsosurfaceOptions none = options;
  none.values.clear();
  ExpectInvalid([&] { ExtractIsosurface(volume.view(), none); }, {"no contour values"});

  IsosurfaceOptions nan = options;
  nan.values = {0.2, std::numeric_limits<double>::quiet_NaN()};
  ExpectInvalid([&] { ExtractIsosurface(volume.view(), nan); },
                {"values[1] = nan", "not a finite number"});
  nan.values = {std::numeric_limits<double>::infinity()};
  ExpectInvalid([&] { ExtractIsosurface(volume.view(), nan); },
                {"values[0] = ", "not a finite number"});

  const auto smaller = SmoothField<float>(Geometry({9, 8, 6}), 73, 0, 1);
  ExpectInvalid(
      [&] {
        ExtractIsosurface(volume.view(), options, {volume.view(), smaller.view()});
      },
      {"attribute volume 1", "9x8x6", "9x8x7"});

  const cumed::Image int16Attribute =
      SmoothField<std::int16_t>(Geometry({9, 8, 7}), 74, 0, 100).image();
  const cumed::Image image = volume.image();
  ExpectInvalid([&] { ExtractIsosurface(image, options, {&int16Attribute}); },
                {"attribute volume 0", "float"});

  IsosurfaceOptions negative = options;
  negative.numberOfSlabs = -1;
  ExpectInvalid([&] { ExtractIsosurface(volume.view(), negative); }, {"numberOfSlabs"});
}

class RequestErrors : public cumed::test::BackendTest<> {};

TEST_P(RequestErrors, InvalidRequestsNameTheProblem) {
  ExpectRequestErrors(backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(RequestErrors);

TEST(Errors, DeviceInputOrKeepOnDeviceWithTheCpuBackend) {
  const auto volume = SmoothField<float>(Geometry({9, 8, 7}), 75, 0, 1);
  IsosurfaceOptions options;
  options.backend = cumed::Backend::CPU;
  options.values = {0.5};
  // A view that claims device memory: the CPU backend must refuse it before touching the pixels.
  cumed::ImageView<const float> device = volume.view();
  device.location = cumed::MemoryLocation::Device;
  ExpectInvalid([&] { ExtractIsosurface(device, options); }, {"device memory", "CPU backend"});

  IsosurfaceOptions keep = options;
  keep.keepOnDevice = true;
  ExpectInvalid([&] { ExtractIsosurface(volume.view(), keep); }, {"keepOnDevice", "CUDA"});

  // Attribute in another memory than the volume.
  cumed::ImageView<const float> deviceAttribute = device;
  ExpectInvalid([&] { ExtractIsosurface(volume.view(), options, {deviceAttribute}); },
                {"attribute volume 0", "memory"});
}

class ErrorsCuda : public cumed::test::BackendTest<> {};

TEST_P(ErrorsCuda, AttributeOnTheHostWithADeviceVolume) {
  const auto volume = SmoothField<float>(Geometry({9, 8, 7}), 76, 0, 1);
  const cumed::Image device = volume.image().toDevice();
  const cumed::Image hostAttribute = volume.image();
  IsosurfaceOptions options;
  options.backend = backend();
  options.values = {0.5};
  ExpectInvalid([&] { ExtractIsosurface(device, options, {&hostAttribute}); },
                {"attribute volume 0", "host", "device"});
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(ErrorsCuda);

} // namespace
