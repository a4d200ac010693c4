// cumed-register and hostile numbers (issue 25): --default-value 1e300 wrote inf into
// warped.mha and --grid-spacing 1e300 blamed a mask that was never given; both are now refused
// by the library's ranges (CheckRegistrationOptions) before any image is read, naming the option
// and the value; an image whose contrast is only denormal floats is refused naming it.
#include "RegisterAppFiles.h"

#include <gtest/gtest.h>

#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>

#include <random>

namespace {

using namespace cumed::registertest;
namespace fs = std::filesystem;

void ExpectUsageError(const cumed::apptest::RunResult& run, const std::string& fragment) {
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("cumed-register: error: " + fragment), std::string::npos) << run.err;
}

TEST(RegisterAppNumbers, OptionsOutOfRangeAreRefusedNamingTheOption) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {16, 16, 12}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {16, 16, 12}, {2, 0, 0});
  ExpectUsageError(
      RunRegister({"--output", "out", "--default-value", "1e300", "fixed.mha", "moving.mha"}, dir),
      "--default-value = 1e+300 is outside -3.4028234663852886e+38..3.4028234663852886e+38 (the "
      "warped image is float32)");
  const auto run =
      RunRegister({"--output", "out", "--grid-spacing", "1e300", "fixed.mha", "moving.mha"}, dir);
  ExpectUsageError(run, "--grid-spacing = 1e+300 is outside 0..1e+06");
  EXPECT_EQ(run.err.find("mask"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppNumbers, AnImageOfOnlyDenormalValuesIsRefusedNamingIt) {
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {16, 16, 12}, {0, 0, 0});
  WriteBlob(dir / "blob.mha", {16, 16, 12}, {2, 0, 0});
  using ImageType = itk::Image<float, 3>;
  auto reader = itk::ImageFileReader<ImageType>::New();
  reader->SetFileName((dir / "blob.mha").string());
  reader->Update();
  ImageType::Pointer image = reader->GetOutput();
  float* p = image->GetBufferPointer();
  for (std::size_t i = 0; i < image->GetBufferedRegion().GetNumberOfPixels(); ++i) p[i] *= 1e-44f;
  auto writer = itk::ImageFileWriter<ImageType>::New();
  writer->SetInput(image);
  writer->SetFileName((dir / "moving.mha").string());
  writer->Update();
  std::vector<std::string> arguments = QuickOptions();
  for (const char* word : {"--output", "out", "fixed.mha", "moving.mha"}) arguments.push_back(word);
  const auto run = RunRegister(arguments, dir);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("moving image: its values span 0.."), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("denormal floats"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir / "out" / "warped.mha"));
}

// Random extreme values through the parser: refused naming the option (exit 2).
TEST(RegisterAppNumbers, SeededExtremeValuesAreRefusedNamingTheOption) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  const char* options[] = {"--default-value", "--grid-spacing", "--lncc-sigma"};
  const char* values[] = {"nan",    "inf",  "-inf",  "1e300",
                          "-1e300", "1e39", "-4e38", "18446744073709551617e30"};
  const fs::path dir = FreshWorkDirectory();
  WriteBlob(dir / "fixed.mha", {16, 16, 12}, {0, 0, 0});
  for (int i = 0; i < 6; ++i) {
    const std::string option = options[random() % std::size(options)];
    const std::string value = values[random() % std::size(values)];
    const auto run = RunRegister({"--output", "out", option, value, "fixed.mha", "fixed.mha"}, dir);
    EXPECT_EQ(run.exitCode, 2) << "seed " << seed << ": " << option << " " << value << "\n"
                               << run.err;
    EXPECT_NE(run.err.find(option), std::string::npos)
        << "seed " << seed << ": " << option << " " << value << "\n"
        << run.err;
  }
}

} // namespace
