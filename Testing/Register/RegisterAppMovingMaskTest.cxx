// cumed-register --moving-mask: a bright box in MOVING (absent from FIXED) misleads the
// registration of a known shift until the mask excludes it; the summary says a moving mask was
// used; an all-zero mask, a mask of another dimension and a missing file are errors (exit 1)
// that leave no output.
#include "RegisterAppFiles.h"

#include <gtest/gtest.h>

#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkImageRegionIteratorWithIndex.h>
#include <itkVector.h>

#include <cmath>

namespace {

using namespace cumed::registertest;
namespace fs = std::filesystem;
using FloatImage = itk::Image<float, 3>;
using MaskImage = itk::Image<unsigned char, 3>;
using FieldImage = itk::Image<itk::Vector<float, 3>, 3>;

constexpr std::array<double, 3> kShift{3.0, -2.0, 1.0}; // MOVING's blob, from FIXED's (mm)
const std::vector<std::size_t> kSize{20, 18, 14};

template <class TImage> typename TImage::Pointer Read(const fs::path& file) {
  auto reader = itk::ImageFileReader<TImage>::New();
  reader->SetFileName(file.string());
  reader->Update();
  return reader->GetOutput();
}

template <class TImage> void Write(const TImage* image, const fs::path& file) {
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
}

/// Whether a physical point lies in the artefact's box (beside MOVING's blob, whose centre is at
/// (12, 20, 17) mm), grown by `margin` mm.
bool InBox(const FloatImage::PointType& p, double margin) {
  return std::fabs(p[0] - 21.0) < 4.0 + margin && std::fabs(p[1] - 20.0) < 4.0 + margin &&
         std::fabs(p[2] - 17.0) < 4.0 + margin;
}

/// fixed.mha, moving.mha (its blob shifted by kShift, plus a bright box) and the masks
/// moving-mask.mha (0 on the box and a voxel around it), zero-mask.mha, flat-mask.mha (2D).
void WriteInputs(const fs::path& dir) {
  WriteBlob(dir / "fixed.mha", kSize, {0, 0, 0});
  WriteBlob(dir / "moving.mha", kSize, kShift);
  const auto moving = Read<FloatImage>(dir / "moving.mha");
  auto mask = MaskImage::New();
  mask->CopyInformation(moving);
  mask->SetRegions(moving->GetLargestPossibleRegion());
  mask->Allocate();
  itk::ImageRegionIteratorWithIndex<FloatImage> it(moving, moving->GetLargestPossibleRegion());
  for (; !it.IsAtEnd(); ++it) {
    FloatImage::PointType p;
    moving->TransformIndexToPhysicalPoint(it.GetIndex(), p);
    if (InBox(p, 0.0)) it.Set(it.Get() + 3000.0f);
    mask->SetPixel(it.GetIndex(), InBox(p, 2.0) ? 0 : 1);
  }
  Write(moving.GetPointer(), dir / "moving.mha");
  Write(mask.GetPointer(), dir / "moving-mask.mha");
  mask->FillBuffer(0);
  Write(mask.GetPointer(), dir / "zero-mask.mha");
  WriteMask(dir / "flat-mask.mha", {20, 18});
}

/// |field - kShift| (mm) at FIXED's blob centre, which maps onto MOVING's.
double ErrorAtTheBlob(const fs::path& out) {
  const auto field = Read<FieldImage>(out / "field.mha");
  FieldImage::PointType centre;
  centre[0] = -10.0 + double(kSize[0] - 1), centre[1] = 5.0 + double(kSize[1] - 1);
  centre[2] = 3.0 + double(kSize[2] - 1);
  FieldImage::IndexType index;
  field->TransformPhysicalPointToIndex(centre, index);
  const auto u = field->GetPixel(index);
  double sum = 0.0;
  for (int a = 0; a < 3; ++a) sum += (u[a] - kShift[a]) * (u[a] - kShift[a]);
  return std::sqrt(sum);
}

std::vector<std::string> Options(std::vector<std::string> more) {
  std::vector<std::string> options = QuickOptions();
  options.insert(options.end(), {"--metric", "ssd"}); // intensities match outside the box
  options.insert(options.end(), more.begin(), more.end());
  return options;
}

TEST(RegisterAppMovingMask, TheMaskedArtefactNoLongerMisleads) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  const auto misled = RunRegister(Options({"--output", "misled", "fixed.mha", "moving.mha"}), dir);
  ASSERT_EQ(misled.exitCode, 0) << misled.err;
  const auto masked = RunRegister(Options({"--moving-mask", "moving-mask.mha", "--json", "--output",
                                           "masked", "fixed.mha", "moving.mha"}),
                                  dir);
  ASSERT_EQ(masked.exitCode, 0) << masked.err;
  const double misledError = ErrorAtTheBlob(dir / "misled");
  const double maskedError = ErrorAtTheBlob(dir / "masked");
  RecordProperty("misled_error_mm", std::to_string(misledError));
  RecordProperty("masked_error_mm", std::to_string(maskedError));
  EXPECT_GT(misledError, 1.0) << "the artefact no longer misleads: the test proves nothing";
  EXPECT_LT(maskedError, 0.3 * misledError) << "misled " << misledError;
  EXPECT_TRUE(ReadSummary(dir / "masked")["moving_mask"].boolean);
  EXPECT_FALSE(ReadSummary(dir / "misled")["moving_mask"].boolean);
  EXPECT_TRUE(cumed::apptest::ParseJson(masked.out)["moving_mask"].boolean) << masked.out;
  EXPECT_NE(misled.out.find("cumed-register: 3D"), std::string::npos) << misled.out;
  EXPECT_EQ(misled.out.find("moving mask"), std::string::npos) << misled.out;
}

void ExpectErrorWithoutOutput(const fs::path& dir, const std::string& mask,
                              const std::string& fragment) {
  const auto run = RunRegister(
      Options({"--moving-mask", mask, "--output", "out", "fixed.mha", "moving.mha"}), dir);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("cumed-register: error: " + fragment), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppMovingMask, BadMasksAreNamedAndLeaveNoOutput) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  ExpectErrorWithoutOutput(dir, "zero-mask.mha",
                           "registering MOVING 'moving.mha' onto FIXED 'fixed.mha': moving mask "
                           "has no nonzero voxel");
  ExpectErrorWithoutOutput(dir, "flat-mask.mha",
                           "--moving-mask 'flat-mask.mha' is 2D and MOVING 'moving.mha' is 3D");
  ExpectErrorWithoutOutput(dir, "missing.mha", "--moving-mask 'missing.mha' does not exist");
}

} // namespace
