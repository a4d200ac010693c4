// Elements from a shape and a radius request (ElementRequest.h), operations by name
// (Operation.h), the pixel range check of option values (PixelRange.h) and an operation by name
// on an itk::Image (ApplyOperationToImage.h): values, and refusals named.
#include "RandomVolumes.h"

#include "cumed/core/Error.h"
#include "cumed/morphology/ApplyOperationToImage.h"
#include "cumed/morphology/ElementRequest.h"
#include "cumed/morphology/Operation.h"
#include "cumed/morphology/PixelRange.h"

#include <gtest/gtest.h>

#include <itkImage.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace cumed::morphology;

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

void ExpectContains(const std::string& text, const std::string& fragment) {
  EXPECT_NE(text.find(fragment), std::string::npos) << "'" << fragment << "' not in: " << text;
}

TEST(ElementRequest, ShapesByName) {
  for (ElementShape shape : {ElementShape::Ball, ElementShape::Box, ElementShape::Cross}) {
    EXPECT_EQ(ParseElementShape(ToString(shape)), shape);
  }
  EXPECT_STREQ(ToString(ElementShape::Cross), "cross");
  EXPECT_FALSE(ParseElementShape("Ball"));
  EXPECT_FALSE(ParseElementShape(""));
  EXPECT_EQ(RadiusText({2, 2, 1}), "2x2x1");
}

TEST(ElementRequest, MakeElementIsTheFactoryOfTheShape) {
  const std::array<int, 3> radius{2, 1, 3};
  EXPECT_EQ(MakeElement(ElementShape::Ball, radius).mask(),
            StructuringElement::Ball(radius).mask());
  EXPECT_EQ(MakeElement(ElementShape::Box, radius).mask(), StructuringElement::Box(radius).mask());
  EXPECT_EQ(MakeElement(ElementShape::Cross, radius).mask(),
            StructuringElement::Cross(radius).mask());
  EXPECT_EQ(MakeElement(ElementShape::Box, radius).memberCount(), std::size_t(5 * 3 * 7));
  EXPECT_EQ(MakeElement(ElementShape::Cross, radius).memberCount(), std::size_t(4 + 2 + 6 + 1));
  ExpectContains(InvalidArgumentOf([] {
                   MakeElement(ElementShape::Ball, {300, 300, 300});
                 }),
                 "structuring element radius 300x300x300: its bounding box");
}

TEST(ElementRequest, VoxelRadiusFromVoxelsAndMillimetres) {
  RadiusRequest voxels;
  voxels.voxels = std::array<int, 3>{3, 2, 1};
  voxels.voxelsPerAxis = true;
  EXPECT_EQ(VoxelRadius(voxels, {0.1, 7.0, 9.0}, 3), (std::array<int, 3>{3, 2, 1}));
  voxels.flat = true;
  EXPECT_EQ(VoxelRadius(voxels, {1, 1, 1}, 3), (std::array<int, 3>{3, 2, 0}));

  RadiusRequest mm;
  mm.millimetres = 2.0;
  // round(2 / spacing) per axis: 4, 2, round(0.8) = 1; 1.6 -> round(1.25) = 1.
  EXPECT_EQ(VoxelRadius(mm, {0.5, 1.0, 2.5}, 3), (std::array<int, 3>{4, 2, 1}));
  EXPECT_EQ(VoxelRadius(mm, {0.5, 1.6, 2.5}, 3), (std::array<int, 3>{4, 1, 1}));
  // A 2D image: z is 0.
  EXPECT_EQ(VoxelRadius(mm, {0.5, 1.0, 0.4}, 2), (std::array<int, 3>{4, 2, 0}));
}

TEST(ElementRequest, VoxelRadiusRefusalsAreNamed) {
  RadiusRequest perAxis;
  perAxis.voxels = std::array<int, 3>{1, 2, 3};
  perAxis.voxelsPerAxis = true;
  ExpectContains(InvalidArgumentOf([&] {
                   VoxelRadius(perAxis, {1, 1, 1}, 2);
                 }),
                 "radius 1x2x3 voxels: the input is a 2D image, its z radius must be 0");
  RadiusRequest mm;
  mm.millimetres = 2.0;
  ExpectContains(InvalidArgumentOf([&] {
                   VoxelRadius(mm, {1, 0.001, 1}, 3);
                 }),
                 "radius 2 mm is 2000 voxels along axis 1 (spacing 0.001 mm); at most 1000");
  mm.maxVoxels = 3000;
  EXPECT_EQ(VoxelRadius(mm, {1, 0.001, 1}, 3), (std::array<int, 3>{2, 2000, 2}));
  mm.millimetres = 0.2;
  mm.name = "--radius-mm 0.2"; // a program names its option
  ExpectContains(InvalidArgumentOf([&] {
                   VoxelRadius(mm, {1, 1, 1}, 3);
                 }),
                 "--radius-mm 0.2 is under half a voxel on every axis used (spacing 1x1x1 mm)");
  RadiusRequest zero;
  zero.voxels = std::array<int, 3>{0, 0, 4};
  zero.flat = true;
  ExpectContains(InvalidArgumentOf([&] {
                   VoxelRadius(zero, {1, 1, 1}, 3);
                 }),
                 "the radius is 0 on every axis used");
}

TEST(Operation, FoundByNameWithTheirOptions) {
  EXPECT_EQ(OperationNames(), "dilate, erode, open, close, white-top-hat, black-top-hat, "
                              "gradient, binary-dilate, binary-erode, binary-open, binary-close");
  EXPECT_EQ(OperationNamesWith(&Operation::takesBoundary), "dilate, erode");
  EXPECT_EQ(OperationNamesWith(&Operation::takesSafeBorder),
            "open, close, white-top-hat, black-top-hat, binary-close");
  EXPECT_EQ(OperationNamesWith(&Operation::binary),
            "binary-dilate, binary-erode, binary-open, binary-close");
  EXPECT_EQ(FindOperation("dilation"), nullptr);
  const Operation* topHat = FindOperation("black-top-hat");
  ASSERT_NE(topHat, nullptr);
  EXPECT_FALSE(topHat->binary);
  EXPECT_EQ(topHat->grayscale, GrayscaleOperation::BlackTopHat);
  EXPECT_EQ(FindOperation("binary-open")->binaryOperation, BinaryOperation::Open);
  EXPECT_EQ(FilterPasses(*FindOperation("erode")), 1);
  EXPECT_EQ(FilterPasses(*FindOperation("binary-dilate")), 1);
  EXPECT_EQ(FilterPasses(*FindOperation("gradient")), 2);
  EXPECT_EQ(FilterPasses(*FindOperation("binary-close")), 2);
}

// Every operation by name equals the grayscale or binary call with the same options.
TEST(Operation, ApplyOperationIsTheGrayscaleOrBinaryCall) {
  cumed::ImageGeometry geometry;
  geometry.size = {13, 11, 7};
  const std::size_t count = geometry.numberOfPixels();
  std::vector<std::int16_t> values = test::RandomVolume<std::int16_t>(count, 41);
  for (std::size_t i = 0; i < count; i += 3) values[i] = 5; // a mask's foreground too
  const cumed::ImageView<const std::int16_t> input{values.data(), geometry,
                                                   cumed::MemoryLocation::Host};
  const StructuringElement element = StructuringElement::Ball({2, 1, 1});
  const std::vector<std::string> names = {
      "dilate",   "erode",         "open",         "close",       "white-top-hat", "black-top-hat",
      "gradient", "binary-dilate", "binary-erode", "binary-open", "binary-close"};
  for (const std::string& name : names) {
    const Operation& operation = *FindOperation(name);
    OperationOptions options;
    options.backend = cumed::Backend::CPU;
    options.safeBorder = !operation.takesSafeBorder; // the non-default where it applies
    if (operation.takesBoundary) options.boundary = 100;
    if (operation.binary) {
      options.foreground = 5;
      if (operation.binaryOperation != BinaryOperation::Close) options.background = -7;
    }
    std::vector<std::int16_t> got(count), want(count);
    const cumed::Backend ran = ApplyOperation<std::int16_t>(
        operation, input, {got.data(), geometry, cumed::MemoryLocation::Host}, element, options);
    EXPECT_EQ(ran, cumed::Backend::CPU);
    const cumed::ImageView<std::int16_t> expected{want.data(), geometry,
                                                  cumed::MemoryLocation::Host};
    if (operation.binary) {
      BinaryOptions binary;
      binary.backend = cumed::Backend::CPU;
      binary.foreground = 5;
      binary.background = options.background;
      binary.safeBorder = options.safeBorder;
      Binary<std::int16_t>(input, expected, element, operation.binaryOperation, binary);
    } else {
      GrayscaleOptions grayscale;
      grayscale.backend = cumed::Backend::CPU;
      grayscale.boundary = options.boundary;
      grayscale.safeBorder = options.safeBorder;
      Grayscale<std::int16_t>(input, expected, element, operation.grayscale, grayscale);
    }
    EXPECT_EQ(got, want) << name;
    EXPECT_NE(got, values) << name << " changed nothing: the case tests nothing";
  }
  std::vector<std::int16_t> output(count);
  OperationOptions noForeground;
  noForeground.backend = cumed::Backend::CPU;
  ExpectContains(InvalidArgumentOf([&] {
                   ApplyOperation<std::int16_t>(
                       *FindOperation("binary-erode"), input,
                       {output.data(), geometry, cumed::MemoryLocation::Host}, element,
                       noForeground);
                 }),
                 "binary-erode needs a foreground value");
}

TEST(Operation, ApplyOperationToImageKeepsTheGeometry) {
  using Image = itk::Image<float, 2>;
  auto input = Image::New();
  Image::RegionType region;
  region.SetSize({{9, 6}});
  input->SetRegions(region);
  input->SetSpacing(std::array<double, 2>{0.5, 2.0}.data());
  const double origin[2] = {-3.0, 4.5};
  input->SetOrigin(origin);
  Image::DirectionType direction;
  direction(0, 0) = 0;
  direction(0, 1) = -1;
  direction(1, 0) = 1;
  direction(1, 1) = 0;
  input->SetDirection(direction);
  input->Allocate();
  const std::vector<float> values = test::RandomVolume<float>(9 * 6, 43);
  std::copy(values.begin(), values.end(), input->GetBufferPointer());

  OperationOptions options;
  options.backend = cumed::Backend::CPU;
  const Operation& close = *FindOperation("close");
  const StructuringElement element = StructuringElement::Box({1, 1, 0});
  cumed::Backend ran = cumed::Backend::Auto;
  const Image::Pointer result = ApplyOperationToImage(*input, close, element, options, &ran);
  EXPECT_EQ(ran, cumed::Backend::CPU);
  EXPECT_EQ(result->GetLargestPossibleRegion(), input->GetLargestPossibleRegion());
  EXPECT_EQ(result->GetSpacing(), input->GetSpacing());
  EXPECT_EQ(result->GetOrigin(), input->GetOrigin());
  EXPECT_EQ(result->GetDirection(), input->GetDirection());
  std::vector<float> want(values.size());
  ApplyOperation<float>(close, cumed::HostView(*input),
                        {want.data(), cumed::GeometryOf(*input), cumed::MemoryLocation::Host},
                        element, options);
  EXPECT_EQ(std::vector<float>(result->GetBufferPointer(), result->GetBufferPointer() + 54), want);
  EXPECT_NE(want, values);
}

TEST(PixelRange, ValuesOutsideTheTypeAreRefusedNamingIt) {
  CheckValueFitsPixelType("foreground", 255, cumed::PixelType::UInt8);
  CheckValueFitsPixelType("foreground", -32768, cumed::PixelType::Int16);
  CheckValueFitsPixelType("boundary", 1.5, cumed::PixelType::Float32);
  CheckValueFitsPixelType("boundary", 65535, cumed::PixelType::UInt16);
  ExpectContains(InvalidArgumentOf(
                     [] { CheckValueFitsPixelType("--foreground", 300, cumed::PixelType::UInt8); }),
                 "--foreground 300 is not a value of the input's pixel type uint8 (whole numbers "
                 "0 .. 255)");
  ExpectContains(InvalidArgumentOf(
                     [] { CheckValueFitsPixelType("background", 1.5, cumed::PixelType::Int16); }),
                 "background 1.5 is not a value");
  ExpectContains(
      InvalidArgumentOf([] { CheckValueFitsPixelType("boundary", -1, cumed::PixelType::UInt16); }),
      "boundary -1 is not a value of the input's pixel type uint16");
  ExpectContains(InvalidArgumentOf(
                     [] { CheckValueFitsPixelType("boundary", 1e39, cumed::PixelType::Float32); }),
                 "(numbers ");
}

} // namespace
