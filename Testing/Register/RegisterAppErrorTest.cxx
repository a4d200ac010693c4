// cumed-register's answers to bad inputs and command lines: exit status 1 for runtime errors
// (missing file, mismatched dimension, a mask of the wrong size), 2 for usage errors, one line
// naming the file, option or value; and no output directory or half-written file left.
#include "RegisterAppFiles.h"
#include "cumed/core/Backend.h"

#include <gtest/gtest.h>

#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>

#include <cctype>
#include <fstream>
#include <limits>

namespace {

using namespace cumed::registertest;
namespace fs = std::filesystem;

void ExpectError(const cumed::apptest::RunResult& run, int code, const std::string& fragment) {
  EXPECT_EQ(run.exitCode, code) << run.err;
  EXPECT_NE(run.err.find("cumed-register: error: " + fragment), std::string::npos) << run.err;
}

/// Writes fixed.mha (3D), moving.mha (3D) and flat.mha (2D) into `dir`.
void WriteInputs(const fs::path& dir) {
  WriteBlob(dir / "fixed.mha", {16, 16, 12}, {0, 0, 0});
  WriteBlob(dir / "moving.mha", {16, 16, 12}, {2, 0, 0});
  WriteBlob(dir / "flat.mha", {16, 16}, {0, 0, 0});
}

TEST(RegisterAppErrors, MissingMovingFile) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  ExpectError(RunRegister({"--output", "out", "fixed.mha", "missing.mha"}, dir), 1,
              "MOVING 'missing.mha' does not exist");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppErrors, ImagesOfDifferentDimension) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  ExpectError(RunRegister({"--output", "out", "fixed.mha", "flat.mha"}, dir), 1,
              "FIXED 'fixed.mha' is 3D and MOVING 'flat.mha' is 2D; both must have the same "
              "dimension");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppErrors, MaskOfTheWrongSizeLeavesNoOutputs) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  WriteMask(dir / "mask.mha", {16, 14, 12});
  fs::create_directory(dir / "out"); // an existing, empty output directory stays empty
  const auto run =
      RunRegister({"--mask", "mask.mha", "--output", "out", "fixed.mha", "moving.mha"}, dir);
  ExpectError(run, 1,
              "registering MOVING 'moving.mha' onto FIXED 'fixed.mha': the fixed mask is "
              "16x14x12 voxels; expected the fixed image's 16x16x12");
  EXPECT_TRUE(cumed::apptest::DirectoryNames(dir / "out").empty());
}

TEST(RegisterAppErrors, BadOptionsAreUsageErrors) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  ExpectError(RunRegister({"--metric", "mi", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
              "--metric: ");
  ExpectError(RunRegister({"--levels", "0", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
              "--levels 0 is outside 1..8");
  ExpectError(
      RunRegister({"--grid-spacing", "-3", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
      "--grid-spacing must be > 0 (got -3)");
  ExpectError(RunRegister({"fixed.mha", "moving.mha"}, dir), 2, "--output DIR is required");
  ExpectError(RunRegister({"--output", "out", "fixed.mha"}, dir), 2,
              "expected FIXED and MOVING (2 arguments), got 1");
  std::ofstream(dir / "bad.txt") << "(NumberOfResolutions 2)\nNumberOfResolutions 3\n";
  ExpectError(
      RunRegister({"--params", "bad.txt", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
      "bad.txt line 2: expected (Key value ...), got 'NumberOfResolutions 3'");
  std::ofstream(dir / "levels.txt") << "(MaximumNumberOfIterations 100 50)\n";
  ExpectError(
      RunRegister({"--params", "levels.txt", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
      "levels.txt line 1 (MaximumNumberOfIterations): the values differ per level");
  std::ofstream(dir / "affine.txt") << "(AffineStage \"yes\")\n";
  ExpectError(
      RunRegister({"--params", "affine.txt", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
      "affine.txt line 1 (AffineStage): expected \"true\" or \"false\", got 'yes'");
  // A directory or a FIFO is refused by name (a directory used to be read as an empty file).
  fs::create_directories(dir / "params.d");
  ExpectError(
      RunRegister({"--params", "params.d", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
      "--params 'params.d': is a directory, not a regular file");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppErrors, MattesMutualInformationIsRefusedByName) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  std::ofstream(dir / "mattes.txt") << "(Metric \"AdvancedMattesMutualInformation\")\n";
  ExpectError(
      RunRegister({"--params", "mattes.txt", "--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
      "mattes.txt line 1 (Metric): \"AdvancedMattesMutualInformation\" is Mattes mutual "
      "information, which CuMed does not have");
  EXPECT_FALSE(fs::exists(dir / "out"));
  // With --metric on the command line the file's metric is not used, so nothing is refused.
  const auto run =
      RunRegister({"--params", "mattes.txt", "--metric", "nmi", "--levels", "1", "--iterations",
                   "5", "--backend", "cpu", "--output", "out", "fixed.mha", "moving.mha"},
                  dir);
  EXPECT_EQ(run.exitCode, 0) << run.err;
}

TEST(RegisterAppErrors, ElastixTransformParametersAsInitialTransformAreNamed) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  std::ofstream(dir / "TransformParameters.0.txt")
      << "(Transform \"AffineTransform\")\n(NumberOfParameters 12)\n"
         "(TransformParameters 1 0 0 0 1 0 0 0 1 0 0 0)\n(InitialTransformParametersFileName "
         "\"NoInitialTransform\")\n";
  ExpectError(RunRegister({"--initial-transform", "TransformParameters.0.txt", "--output", "out",
                           "fixed.mha", "moving.mha"},
                          dir),
              1,
              "--initial-transform 'TransformParameters.0.txt' is an elastix "
              "TransformParameters file ((Transform \"AffineTransform\")), not an ITK transform "
              "file");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppErrors, ExistingOutputsNeedForce) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  fs::create_directory(dir / "out");
  std::ofstream(dir / "out" / "warped.mha") << "old";
  ExpectError(RunRegister({"--output", "out", "fixed.mha", "moving.mha"}, dir), 2,
              "output file 'out/warped.mha' exists; --force replaces it");
  EXPECT_EQ(cumed::apptest::FileBytes(dir / "out" / "warped.mha"), "old");
  const auto forced = RunRegister({"--force", "--levels", "1", "--iterations", "5", "--backend",
                                   "cpu", "--output", "out", "fixed.mha", "moving.mha"},
                                  dir);
  EXPECT_EQ(forced.exitCode, 0) << forced.err;
  EXPECT_NE(cumed::apptest::FileBytes(dir / "out" / "warped.mha"), "old");
}

TEST(RegisterAppErrors, OutputInsideAnInputIsRefused) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  ExpectError(RunRegister({"--output", "fixed.mha", "fixed.mha", "moving.mha"}, dir), 2,
              "--output 'fixed.mha'");
}

// Named without "Cuda" on purpose: this case belongs to the CPU run (it needs no GPU).
TEST(RegisterAppErrors, CudaBackendWithoutDeviceIsARuntimeError) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  ExpectError(RunRegister({"--backend", "cuda", "--output", "out", "fixed.mha", "moving.mha"}, dir),
              1, "--backend cuda: ");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RegisterAppErrors, NanPixelIsARuntimeErrorNamingIt) {
  const fs::path dir = FreshWorkDirectory();
  WriteInputs(dir);
  using Image = itk::Image<float, 3>;
  auto reader = itk::ImageFileReader<Image>::New();
  reader->SetFileName((dir / "moving.mha").string());
  reader->Update();
  Image::Pointer moving = reader->GetOutput();
  moving->GetBufferPointer()[77] = std::numeric_limits<float>::quiet_NaN();
  auto writer = itk::ImageFileWriter<Image>::New();
  writer->SetInput(moving);
  writer->SetFileName((dir / "nan.mha").string());
  writer->Update();
  const auto run = RunRegister({"--output", "out", "fixed.mha", "nan.mha"}, dir);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  std::string text = run.err;
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_NE(
      text.find("cumed-register: error: registering moving 'nan.mha' onto fixed 'fixed.mha': "),
      std::string::npos)
      << run.err;
  EXPECT_NE(text.find("nan", text.find("fixed.mha")), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

} // namespace
