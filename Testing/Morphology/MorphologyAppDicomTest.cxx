// A DICOM CT series through cumed-morphology into a new DICOM series: read back, it has the
// input's geometry, a new series UID in the input's study, and the pixels of ITK's closing of
// the input; the input directory is untouched.
#include "ProgramRunner.h"
#include "TestImages.h"

#include "cumed/io/DicomSeriesReader.h"

#include <gtest/gtest.h>
#include <itkFlatStructuringElement.h>
#include <itkGDCMImageIO.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>

#include <cmath>
#include <map>
#include <string>

namespace fs = std::filesystem;
using namespace cumed::morphologytest;

namespace {

using HounsfieldImage = cumed::io::HounsfieldImage;

// Every file of `directory` with its size and modification time.
std::map<std::string, std::pair<std::uintmax_t, fs::file_time_type>>
Listing(const fs::path& directory) {
  std::map<std::string, std::pair<std::uintmax_t, fs::file_time_type>> listing;
  for (const auto& entry : fs::directory_iterator(directory)) {
    listing[entry.path().filename().string()] = {entry.file_size(), entry.last_write_time()};
  }
  return listing;
}

std::string StudyUid(const std::string& sliceFile) {
  auto io = itk::GDCMImageIO::New();
  io->SetFileName(sliceFile);
  io->ReadImageInformation();
  std::string value;
  io->GetValueFromTag("0020|000d", value);
  while (!value.empty() && (value.back() == '\0' || value.back() == ' ')) value.pop_back();
  return value;
}

TEST(MorphologyAppDicom, PhantomClosingWritesDerivedSeriesEqualToItk) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  const auto before = Listing(phantom);

  const RunResult run = RunProgram({"--operation", "close", "--radius-mm", "2", "--backend", "cpu",
                                    "--dicom", phantom.string(), "closed"},
                                   work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  std::cout << run.out;
  EXPECT_EQ(Listing(phantom), before) << "the input series changed";

  const cumed::io::CtSeries input = cumed::io::ReadDicomCtSeries(phantom.string());
  const cumed::io::CtSeries output = cumed::io::ReadDicomCtSeries((work / "closed").string());
  EXPECT_NE(output.info.seriesUid, input.info.seriesUid);
  EXPECT_EQ(SummaryValue(run.out, "series_uid"), output.info.seriesUid) << run.out;
  EXPECT_EQ(StudyUid(output.info.files.front()), StudyUid(input.info.files.front()));
  EXPECT_EQ(output.info.seriesDescription.rfind("CuMed close ball r=", 0), 0u)
      << output.info.seriesDescription;
  // DICOM stores positions and spacings as decimal strings.
  ExpectSameGeometry(output.image.GetPointer(), input.image.GetPointer(), 1e-5);

  // The radius the program should have used, from the spacing, independently of its code.
  HounsfieldImage::SizeType::SizeValueType radius[3];
  std::string radiusText;
  for (int i = 0; i < 3; ++i) {
    radius[i] = static_cast<unsigned>(std::lround(2.0 / input.image->GetSpacing()[i]));
    radiusText += (i ? "x" : "") + std::to_string(radius[i]);
  }
  EXPECT_EQ(SummaryValue(run.out, "radius_vox"), radiusText) << run.out;
  using Kernel = itk::FlatStructuringElement<3>;
  auto closing = itk::GrayscaleMorphologicalClosingImageFilter<HounsfieldImage, HounsfieldImage,
                                                               Kernel>::New();
  closing->SetInput(input.image);
  closing->SetKernel(Kernel::Ball({{radius[0], radius[1], radius[2]}}));
  closing->Update();
  ExpectSamePixels(output.image.GetPointer(), closing->GetOutput());
}

} // namespace
