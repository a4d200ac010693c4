// Radii that would allocate absurd memory or run for hours are refused with InvalidArgument
// naming the radius (the library), or itk::ExceptionObject (the ITK adapters), before any
// backend allocates: the checks sit before dispatch, so they hold for CPU and CUDA alike.
// ElementLimits.h: an element more than twice the volume along an axis refused by name, a long
// CPU run announced.
#include "cumed/morphology/ElementLimits.h"
#include "cumed/core/Error.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleDilateImageFilter.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/morphology/StructuringElement.h"

#include <gtest/gtest.h>

#include <itkFlatStructuringElement.h>
#include <itkImage.h>
#include <omp.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <string>

namespace {

using cumed::morphology::StructuringElement;

// The InvalidArgument message of `call`; fails the test when it throws nothing.
std::string InvalidArgumentOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const cumed::InvalidArgument& e) {
    return e.what();
  }
  ADD_FAILURE() << "no cumed::InvalidArgument";
  return "";
}

TEST(ElementLimits, HugeRadiiAreRefusedNamingTheRadius) {
  const int huge = std::numeric_limits<int>::max();
  std::string message = InvalidArgumentOf([&] { StructuringElement::Ball({huge, 1, 1}); });
  EXPECT_NE(message.find("radius 2147483647x1x1"), std::string::npos) << message;
  EXPECT_NE(message.find("limit of 65536"), std::string::npos) << message;
  // Each axis allowed, the box too large: 1001^3 voxels.
  message = InvalidArgumentOf([] { StructuringElement::Box({500, 500, 500}); });
  EXPECT_NE(message.find("radius 500x500x500"), std::string::npos) << message;
  EXPECT_NE(message.find("2^27"), std::string::npos) << message;
  message = InvalidArgumentOf([] { StructuringElement::Cross({0, 0, 70000}); });
  EXPECT_NE(message.find("70000 voxels along axis 2"), std::string::npos) << message;
  // The largest box allowed along one axis is built.
  EXPECT_EQ(StructuringElement::Box({StructuringElement::kMaxRadius, 0, 0}).size()[0],
            std::size_t(2 * StructuringElement::kMaxRadius + 1));
}

TEST(ElementLimits, MaskSizesAreCheckedWithoutOverflow) {
  // 2^32 * 2^32 wraps to 0 in size_t: it must be refused, not compared to an empty mask.
  const std::size_t big = std::size_t(1) << 32;
  const std::string message = InvalidArgumentOf([&] {
    StructuringElement::FromMask({big, big, 1}, {});
  });
  EXPECT_NE(message.find("4294967296x4294967296x1"), std::string::npos) << message;
}

TEST(ElementLimits, MillimetreRadiiAreRangeCheckedBeforeTheIntegerCast) {
  // 1e300 mm once became radius 0 (the cast of an out-of-range lround) and 3e9 mm an absurd
  // allocation; both name the radius, the voxels and the axis now.
  std::string message = InvalidArgumentOf([] {
    StructuringElement::RadiusFromMillimetres(1e300, {1.4, 1.4, 2.5});
  });
  EXPECT_NE(message.find("ball radius 1e+300 mm"), std::string::npos) << message;
  EXPECT_NE(message.find("axis 0 (spacing 1.4 mm)"), std::string::npos) << message;
  message = InvalidArgumentOf([] { StructuringElement::BallMillimetres(3e9, {1.4, 1.4, 2.5}); });
  EXPECT_NE(message.find("above the limit of 65536"), std::string::npos) << message;
  message = InvalidArgumentOf([] {
    StructuringElement::RadiusFromMillimetres(2.0, {1e-320, 1.0, 1.0});
  });
  EXPECT_NE(message.find("axis 0"), std::string::npos) << message;
  message = InvalidArgumentOf([] {
    StructuringElement::RadiusFromMillimetres(2.0, {1.0, std::nan(""), 1.0});
  });
  EXPECT_NE(message.find("spacing nan along axis 1"), std::string::npos) << message;
  message = InvalidArgumentOf([] {
    StructuringElement::RadiusFromMillimetres(-std::numeric_limits<double>::infinity(),
                                              {1.0, 1.0, 1.0});
  });
  EXPECT_NE(message.find("-inf mm is not a finite value >= 0"), std::string::npos) << message;
}

TEST(ElementLimits, ElementsOutOfProportionToTheImageAreRefusedBeforeDispatch) {
  // Reach 65536 along x pads a 64x64x40 image to 131136x64x40 = 3.4e8 voxels: refused for
  // Grayscale and Binary alike, whatever the backend.
  const cumed::ImageGeometry geometry{{64, 64, 40}, {1, 1, 1}, {0, 0, 0}};
  cumed::Image input =
      cumed::Image::Allocate(cumed::PixelType::UInt8, geometry, cumed::MemoryLocation::Host);
  cumed::Image output =
      cumed::Image::Allocate(cumed::PixelType::UInt8, geometry, cumed::MemoryLocation::Host);
  const StructuringElement line = StructuringElement::Box({StructuringElement::kMaxRadius, 0, 0});
  std::string message = InvalidArgumentOf([&] {
    cumed::morphology::Grayscale<std::uint8_t>(std::as_const(input).view<std::uint8_t>(),
                                               output.view<std::uint8_t>(), line,
                                               cumed::morphology::GrayscaleOperation::Close, {});
  });
  EXPECT_NE(message.find("radius 65536x0x0 pads the 64x64x40 image"), std::string::npos) << message;
  cumed::morphology::BinaryOptions binary;
  binary.foreground = 1;
  message = InvalidArgumentOf([&] {
    cumed::morphology::Binary<std::uint8_t>(std::as_const(input).view<std::uint8_t>(),
                                            output.view<std::uint8_t>(), line,
                                            cumed::morphology::BinaryOperation::Dilate, binary);
  });
  EXPECT_NE(message.find("out of proportion"), std::string::npos) << message;
  // An element larger than the image but within the limit still runs (ITK allows it too).
  EXPECT_NO_THROW(cumed::morphology::Grayscale<std::uint8_t>(
      std::as_const(input).view<std::uint8_t>(), output.view<std::uint8_t>(),
      StructuringElement::Box({70, 0, 0}), cumed::morphology::GrayscaleOperation::Dilate, {}));
}

TEST(ElementLimits, ItkSetRadiusRefusesHugeRadiiAsItkExceptions) {
  using Image = itk::Image<std::uint8_t, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  auto filter = cumed::GrayscaleDilateImageFilter<Image, Image, Kernel>::New();
  Kernel::RadiusType radius;
  radius[0] = 1000, radius[1] = 1000, radius[2] = 1000; // ITK would allocate 2001^3 bytes
  try {
    filter->SetRadius(radius);
    FAIL() << "SetRadius accepted 1000x1000x1000";
  } catch (const itk::ExceptionObject& e) {
    EXPECT_NE(std::string(e.GetDescription()).find("radius 1000x1000x1000"), std::string::npos)
        << e.GetDescription();
  }
  // The scalar overload goes through the same check.
  EXPECT_THROW(filter->SetRadius(100000), itk::ExceptionObject);
  filter->SetRadius(2);
  EXPECT_EQ(filter->GetKernel().GetRadius(0), 2u);
}

TEST(ElementLimits, ItkKernelsOutOfProportionFailAsItkErrors) {
  // ITK builds this line kernel itself (131073 values); CuMed refuses it when the filter runs,
  // through the bridge: an itk::ExceptionObject naming the radius and the image.
  using Image = itk::Image<std::uint8_t, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  auto image = Image::New();
  image->SetRegions(Image::SizeType{{64, 64, 40}});
  image->Allocate(true);
  Kernel::RadiusType radius;
  radius[0] = StructuringElement::kMaxRadius, radius[1] = 0, radius[2] = 0;
  auto filter = cumed::GrayscaleDilateImageFilter<Image, Image, Kernel>::New();
  filter->SetKernel(Kernel::Box(radius));
  filter->SetInput(image);
  try {
    filter->Update();
    FAIL() << "a 131073-voxel line on a 64x64x40 image ran";
  } catch (const itk::ExceptionObject& e) {
    EXPECT_NE(std::string(e.GetDescription()).find("radius 65536x0x0 pads the 64x64x40 image"),
              std::string::npos)
        << e.GetDescription();
  }
}

TEST(ElementLimits, ElementsMoreThanTwiceTheVolumeAreRefusedNamingTheAxis) {
  const std::array<std::size_t, 3> volume{64, 64, 40};
  EXPECT_EQ(InvalidArgumentOf([&] {
              cumed::morphology::CheckElementAgainstVolume("--radius-vox 250", {250, 250, 250},
                                                           volume, "--allow-large-element");
            }),
            "--radius-vox 250: the element (radius 250x250x250 voxels, extent 501x501x501) is "
            "more than twice the 64x64x40 volume along x (64 voxels); it would reach past the "
            "whole volume from every voxel and take minutes. Give a smaller radius, or "
            "--allow-large-element to run it anyway");
  // Extents within twice the volume (127 <= 128, 79 <= 80 planes) run; an extent of 81 along z
  // does not.
  EXPECT_NO_THROW(
      cumed::morphology::CheckElementAgainstVolume("r", {63, 63, 39}, volume, "the flag"));
  const std::string message = InvalidArgumentOf([&] {
    cumed::morphology::CheckElementAgainstVolume("r", {63, 63, 40}, volume, "the flag");
  });
  EXPECT_NE(message.find("along z (40 voxels)"), std::string::npos) << message;
  EXPECT_NE(message.find("or the flag to run it anyway"), std::string::npos) << message;
}

// A caller without an opt-in option (cumed-mpi-morphology) gets no suggestion of one.
TEST(ElementLimits, NoOptInSuggestedWhenTheCallerHasNone) {
  const std::string message = InvalidArgumentOf([&] {
    cumed::morphology::CheckElementAgainstVolume("--radius-vox 250", {250, 250, 250}, {64, 64, 40},
                                                 "");
  });
  EXPECT_NE(message.find("take minutes. Give a smaller radius"), std::string::npos) << message;
  EXPECT_EQ(message.find("allow"), std::string::npos) << message;
  EXPECT_EQ(message.find("run it anyway"), std::string::npos) << message;
}

// Issue 25: Python's binary_dilate(int16, foreground=nan or 1e10) wiped the image while the
// program refused both; the library now refuses values no pixel can hold, by keyword.
TEST(ElementLimits, ValuesNoPixelCanHoldAreRefusedByTheLibrary) {
  const cumed::ImageGeometry geometry{{8, 8, 4}, {1, 1, 1}, {0, 0, 0}};
  cumed::Image input =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  cumed::Image output =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  const StructuringElement ball = StructuringElement::Box({1, 1, 1});
  const auto binary = [&](double foreground, std::optional<double> background) {
    cumed::morphology::BinaryOptions options;
    options.foreground = foreground;
    options.background = background;
    return InvalidArgumentOf([&] {
      cumed::morphology::Binary<std::int16_t>(std::as_const(input).view<std::int16_t>(),
                                              output.view<std::int16_t>(), ball,
                                              cumed::morphology::BinaryOperation::Dilate, options);
    });
  };
  EXPECT_EQ(binary(std::nan(""), std::nullopt), "foreground = nan is not a finite number");
  EXPECT_EQ(binary(1e10, std::nullopt),
            "foreground 1e+10 is not a value of the input's pixel type int16 (whole numbers "
            "-32768 .. 32767)");
  EXPECT_EQ(binary(1.5, std::nullopt).rfind("foreground 1.5 is not a value", 0), 0u);
  EXPECT_EQ(binary(1, -1e300).rfind("background -1e+300 is not a value", 0), 0u);
  cumed::morphology::GrayscaleOptions grey;
  grey.boundary = std::numeric_limits<double>::infinity();
  EXPECT_EQ(InvalidArgumentOf([&] {
              cumed::morphology::Grayscale<std::int16_t>(
                  std::as_const(input).view<std::int16_t>(), output.view<std::int16_t>(), ball,
                  cumed::morphology::GrayscaleOperation::Dilate, grey);
            }),
            "boundary = inf is not a finite number");
}

// Seeded extremes for the values of every pixel type: refused naming the keyword, or accepted
// only when a pixel of the type can hold the value.
template <class T> void HostileValues(std::mt19937& random, unsigned seed) {
  const double values[] = {0.0,     -0.0,         5e-324,
                           -5e-324, 1e-300,       1e300,
                           -1e300,  std::nan(""), std::numeric_limits<double>::infinity(),
                           9.2e18,  -9.2e18,      1.0,
                           255.0,   65535.0,      -32768.0,
                           3.5e38,  0.5};
  const cumed::ImageGeometry geometry{{6, 5, 4}, {1, 1, 1}, {0, 0, 0}};
  const cumed::PixelType type = cumed::PixelTypeOf<T>();
  cumed::Image input = cumed::Image::Allocate(type, geometry, cumed::MemoryLocation::Host);
  cumed::Image output = cumed::Image::Allocate(type, geometry, cumed::MemoryLocation::Host);
  const StructuringElement box = StructuringElement::Box({1, 1, 1});
  for (int i = 0; i < 40; ++i) {
    const double value = values[random() % std::size(values)];
    const bool isForeground = random() % 2;
    cumed::morphology::BinaryOptions options;
    options.foreground = isForeground ? value : 1.0;
    if (!isForeground) options.background = value;
    const bool fits = std::isfinite(value) && value >= double(std::numeric_limits<T>::lowest()) &&
                      value <= double(std::numeric_limits<T>::max()) &&
                      (!std::numeric_limits<T>::is_integer || std::floor(value) == value);
    try {
      cumed::morphology::Binary<T>(std::as_const(input).view<T>(), output.view<T>(), box,
                                   cumed::morphology::BinaryOperation::Dilate, options);
      EXPECT_TRUE(fits) << "seed " << seed << ": accepted " << value << " for " << ToString(type);
    } catch (const cumed::InvalidArgument& e) {
      EXPECT_FALSE(fits) << "seed " << seed << ": " << e.what();
      EXPECT_EQ(std::string(e.what()).rfind(isForeground ? "foreground" : "background", 0), 0u)
          << "seed " << seed << ": " << e.what();
    }
  }
}

TEST(ElementLimits, SeededExtremeValuesAreRefusedByNameForEveryPixelType) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  HostileValues<std::uint8_t>(random, seed);
  HostileValues<std::int16_t>(random, seed);
  HostileValues<std::uint16_t>(random, seed);
  HostileValues<float>(random, seed);
}

TEST(ElementLimits, LongCpuRunsAreAnnouncedWithTheEstimate) {
  const int threads = omp_get_max_threads();
  omp_set_num_threads(2);
  const std::optional<std::string> note =
      cumed::morphology::CpuElementWorkNote("closing", {10, 10, 10}, 1000, {512, 512, 512}, 2);
  const std::optional<std::string> quick =
      cumed::morphology::CpuElementWorkNote("closing", {1, 1, 1}, 9, {64, 64, 64}, 2);
  omp_set_num_threads(threads);
  ASSERT_TRUE(note.has_value());
  // 512^3 voxels x 1000 rows x 2 passes at 1.2e9 row steps per second and thread on 2 threads.
  EXPECT_EQ(*note, "closing: the element of radius 10x10x10 voxels has 1000 rows; 2 passes over "
                   "1.34e+08 voxels are about 2.7e+11 row steps, roughly 112 s on 2 CPU threads "
                   "(progress follows)");
  EXPECT_FALSE(quick.has_value()) << *quick;
}

} // namespace
