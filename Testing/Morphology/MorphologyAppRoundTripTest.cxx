// Image files through cumed-morphology: each result equals ITK's filter on the same input, voxel
// for voxel, and keeps the input's geometry and pixel type.
#include "ProgramRunner.h"
#include "TestImages.h"

#include <gtest/gtest.h>
#include <itkBinaryDilateImageFilter.h>
#include <itkFlatStructuringElement.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkGrayscaleMorphologicalOpeningImageFilter.h>
#include <itkMorphologicalGradientImageFilter.h>

#include <cstdint>

namespace fs = std::filesystem;
using namespace cumed::morphologytest;

namespace {

using Int16Image = itk::Image<std::int16_t, 3>;
using UInt8Image = itk::Image<std::uint8_t, 3>;
using FloatImage = itk::Image<float, 3>;
using UInt16Image2D = itk::Image<std::uint16_t, 2>;

template <class TFilter, class TImage, class TKernel>
typename TImage::Pointer RunItk(const TImage* input, const TKernel& kernel) {
  auto filter = TFilter::New();
  filter->SetInput(input);
  filter->SetKernel(kernel);
  filter->Update();
  return filter->GetOutput();
}

TEST(MorphologyAppRoundTrip, Int16MhaCloseEqualsItkClosing) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<Int16Image>({{23, 17, 11}}, -1000, 1500, 1).GetPointer(), work / "in.mha");
  const RunResult run = RunProgram({"--operation", "close", "--radius-vox", "2", "1", "1",
                                    "--backend", "cpu", "in.mha", "out.mha"},
                                   work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(SummaryValue(run.out, "radius_vox"), "2x1x1") << run.out;
  EXPECT_EQ(SummaryValue(run.out, "pixel"), "int16") << run.out;
  EXPECT_EQ(SummaryValue(run.out, "backend"), "cpu") << run.out;
  EXPECT_EQ(SummaryValue(run.out, "size"), "23x17x11") << run.out;

  const auto input = LoadImage<Int16Image>(work / "in.mha");
  const auto output = LoadImage<Int16Image>(work / "out.mha");
  using Kernel = itk::FlatStructuringElement<3>;
  const auto expected =
      RunItk<itk::GrayscaleMorphologicalClosingImageFilter<Int16Image, Int16Image, Kernel>>(
          input.GetPointer(), Kernel::Ball({{2, 1, 1}}));
  EXPECT_EQ(FileLayout(work / "out.mha").second, itk::IOComponentEnum::SHORT);
  ExpectSameGeometry(output.GetPointer(), input.GetPointer());
  ExpectSamePixels(output.GetPointer(), expected.GetPointer());
}

TEST(MorphologyAppRoundTrip, UInt8NrrdBinaryDilateEqualsItk) {
  const fs::path work = FreshWorkDirectory();
  // A sparse mask of 255 with a few other values, which a binary dilation must keep or cover.
  auto mask = RandomImage<UInt8Image>({{25, 19, 9}}, 0, 99, 2);
  for (std::size_t i = 0; i < mask->GetLargestPossibleRegion().GetNumberOfPixels(); ++i) {
    std::uint8_t& value = mask->GetBufferPointer()[i];
    value = value < 6 ? 255 : value < 9 ? 7 : 0;
  }
  SaveImage(mask.GetPointer(), work / "mask.nrrd");
  const RunResult run =
      RunProgram({"--operation", "binary-dilate", "--radius-vox", "2", "2", "1", "--foreground",
                  "255", "--backend", "cpu", "mask.nrrd", "grown.nrrd"},
                 work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(SummaryValue(run.out, "pixel"), "uint8") << run.out;

  const auto input = LoadImage<UInt8Image>(work / "mask.nrrd");
  const auto output = LoadImage<UInt8Image>(work / "grown.nrrd");
  using Kernel = itk::FlatStructuringElement<3>;
  auto dilate = itk::BinaryDilateImageFilter<UInt8Image, UInt8Image, Kernel>::New();
  dilate->SetInput(input);
  dilate->SetKernel(Kernel::Ball({{2, 2, 1}}));
  dilate->SetForegroundValue(255);
  dilate->Update();
  EXPECT_EQ(FileLayout(work / "grown.nrrd").second, itk::IOComponentEnum::UCHAR);
  ExpectSameGeometry(output.GetPointer(), input.GetPointer());
  ExpectSamePixels(output.GetPointer(), dilate->GetOutput());
}

TEST(MorphologyAppRoundTrip, FloatNiftiGradientEqualsItk) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<FloatImage>({{21, 15, 7}}, -50.0, 250.0, 3).GetPointer(),
            work / "in.nii.gz");
  const RunResult run = RunProgram({"--operation", "gradient", "--element", "box", "--radius-vox",
                                    "1", "--backend", "cpu", "in.nii.gz", "edges.nii.gz"},
                                   work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(SummaryValue(run.out, "radius_vox"), "1x1x1") << run.out;
  EXPECT_EQ(SummaryValue(run.out, "pixel"), "float") << run.out;

  const auto input = LoadImage<FloatImage>(work / "in.nii.gz");
  const auto output = LoadImage<FloatImage>(work / "edges.nii.gz");
  using Kernel = itk::FlatStructuringElement<3>;
  const auto expected =
      RunItk<itk::MorphologicalGradientImageFilter<FloatImage, FloatImage, Kernel>>(
          input.GetPointer(), Kernel::Box({{1, 1, 1}}));
  EXPECT_EQ(FileLayout(work / "edges.nii.gz").second, itk::IOComponentEnum::FLOAT);
  // NIfTI stores the geometry in single precision (qform quaternion, pixdim).
  ExpectSameGeometry(output.GetPointer(), input.GetPointer(), 1e-5);
  ExpectSamePixels(output.GetPointer(), expected.GetPointer());
}

TEST(MorphologyAppRoundTrip, TwoDimensionalImageStaysTwoDimensional) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<UInt16Image2D>({{31, 19}}, 0, 4000, 4).GetPointer(), work / "in.mha");
  const RunResult run = RunProgram(
      {"--operation", "open", "--radius-vox", "2", "--2d", "--backend", "cpu", "in.mha", "out.mha"},
      work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(SummaryValue(run.out, "radius_vox"), "2x2x0") << run.out;
  EXPECT_EQ(SummaryValue(run.out, "size"), "31x19") << run.out;

  const auto layout = FileLayout(work / "out.mha");
  EXPECT_EQ(layout.first, 2u);
  EXPECT_EQ(layout.second, itk::IOComponentEnum::USHORT);
  const auto input = LoadImage<UInt16Image2D>(work / "in.mha");
  const auto output = LoadImage<UInt16Image2D>(work / "out.mha");
  using Kernel = itk::FlatStructuringElement<2>;
  const auto expected =
      RunItk<itk::GrayscaleMorphologicalOpeningImageFilter<UInt16Image2D, UInt16Image2D, Kernel>>(
          input.GetPointer(), Kernel::Ball({{2, 2}}));
  ExpectSameGeometry(output.GetPointer(), input.GetPointer());
  ExpectSamePixels(output.GetPointer(), expected.GetPointer());
}

TEST(MorphologyAppRoundTrip, RadiusInMillimetresFollowsAnisotropicSpacing) {
  const fs::path work = FreshWorkDirectory();
  auto image = RandomImage<Int16Image>({{15, 13, 9}}, 0, 100, 5);
  Int16Image::SpacingType spacing;
  spacing[0] = 0.5;
  spacing[1] = 0.9;
  spacing[2] = 3.0;
  image->SetSpacing(spacing);
  SaveImage(image.GetPointer(), work / "in.mha");
  // round(2 / 0.5) = 4, round(2 / 0.9) = 2, round(2 / 3.0) = 1.
  RunResult run = RunProgram(
      {"--operation", "dilate", "--radius-mm", "2", "--backend", "cpu", "in.mha", "ball.mha"},
      work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(SummaryValue(run.out, "radius_vox"), "4x2x1") << run.out;
  EXPECT_EQ(SummaryValue(run.out, "spacing_mm"), "0.5x0.9x3") << run.out;

  run = RunProgram({"--operation", "dilate", "--radius-mm", "2", "--2d", "--backend", "cpu",
                    "in.mha", "disc.mha"},
                   work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(SummaryValue(run.out, "radius_vox"), "4x2x0") << run.out;

  // Under half a voxel on every axis: refused rather than copying the input.
  run = RunProgram({"--operation", "dilate", "--radius-mm", "0.2", "in.mha", "none.mha"}, work);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("under half a voxel"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(work / "none.mha"));
}

} // namespace
