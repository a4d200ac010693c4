// cumed-morphology's answers to command lines it cannot or must not carry out: the exit status
// (2 usage, 1 runtime), a message naming the problem, and no output written or input touched.
#include "ProgramRunner.h"
#include "TestImages.h"

#include "cumed/core/Backend.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace cumed::morphologytest;

namespace {

using Int16Image = itk::Image<std::int16_t, 3>;
using UInt8Image = itk::Image<std::uint8_t, 3>;

std::string FileBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Runs the program and checks that it failed with `exitCode` and a message containing `needle`.
void ExpectFailure(const std::vector<std::string>& arguments, const fs::path& work, int exitCode,
                   const std::string& needle) {
  const RunResult run = RunProgram(arguments, work);
  EXPECT_EQ(run.exitCode, exitCode) << run.err;
  EXPECT_EQ(run.err.rfind("cumed-morphology: error: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos)
      << "expected '" << needle << "' in: " << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
}

fs::path WriteSmallInt16(const fs::path& work, const std::string& name) {
  SaveImage(RandomImage<Int16Image>({{9, 7, 5}}, -100, 100, 7).GetPointer(), work / name);
  return work / name;
}

TEST(MorphologyAppErrors, CommandLineMistakesAreUsageErrors) {
  const fs::path work = FreshWorkDirectory();
  ExpectFailure({"--radius-vox", "1", "in.mha", "out.mha"}, work, 2, "--operation is required");
  ExpectFailure({"--operation", "shrink", "--radius-vox", "1", "in.mha", "out.mha"}, work, 2,
                "unknown operation 'shrink'");
  ExpectFailure({"--operation", "close", "in.mha", "out.mha"}, work, 2, "a radius is required");
  ExpectFailure({"--operation", "close", "--radius-vox", "-1", "in.mha", "out.mha"}, work, 2,
                "--radius-vox -1 is outside 0..1000");
  ExpectFailure({"--operation", "close", "--radius-vox", "two", "in.mha", "out.mha"}, work, 2,
                "'two' is not a whole number");
  ExpectFailure({"--operation", "close", "--radius-vox", "0", "in.mha", "out.mha"}, work, 2,
                "would change nothing");
  ExpectFailure({"--operation", "close", "--radius-mm", "abc", "in.mha", "out.mha"}, work, 2,
                "'abc' is not a finite number");
  ExpectFailure({"--operation", "close", "--radius-mm", "-2", "in.mha", "out.mha"}, work, 2,
                "--radius-mm must be > 0");
  ExpectFailure(
      {"--operation", "close", "--radius-mm", "2", "--radius-vox", "1", "in.mha", "out.mha"}, work,
      2, "exclude each other");
  ExpectFailure(
      {"--operation", "close", "--radius-vox", "1", "2", "3", "--2d", "in.mha", "out.mha"}, work, 2,
      "--2d sets the z radius to 0");
  ExpectFailure({"--operation", "binary-dilate", "--radius-vox", "1", "in.mha", "out.mha"}, work, 2,
                "needs --foreground");
  ExpectFailure({"--operation", "binary-close", "--foreground", "1", "--background", "0",
                 "--radius-vox", "1", "in.mha", "out.mha"},
                work, 2, "--background does not apply to binary-close");
  ExpectFailure(
      {"--operation", "close", "--boundary", "0", "--radius-vox", "1", "in.mha", "out.mha"}, work,
      2, "--boundary applies only to dilate, erode");
  ExpectFailure(
      {"--operation", "close", "--radius-vox", "1", "--backend", "gpu", "in.mha", "out.mha"}, work,
      2, "--backend");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "in.mha"}, work, 2,
                "expected INPUT and OUTPUT");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "--shrink", "in.mha", "out.mha"},
                work, 2, "unknown option '--shrink'");
}

TEST(MorphologyAppErrors, OptionValuesMustFitTheInput) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<UInt8Image>({{9, 7, 5}}, 0, 1, 8).GetPointer(), work / "mask.mha");
  ExpectFailure({"--operation", "binary-erode", "--radius-vox", "1", "--foreground", "300",
                 "mask.mha", "out.mha"},
                work, 2, "--foreground 300 is not a value of the input's pixel type uint8");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "--dicom", "mask.mha", "series"},
                work, 2, "a DICOM OUTPUT is a CT series of int16 values");
  ExpectFailure(
      {"--operation", "close", "--radius-vox", "1", "--series-uid", "1.2.3", "mask.mha", "out.mha"},
      work, 2, "--series-uid applies to a DICOM series directory");
  EXPECT_FALSE(fs::exists(work / "out.mha"));
  EXPECT_FALSE(fs::exists(work / "series"));
}

TEST(MorphologyAppErrors, InputProblemsAreRuntimeErrors) {
  const fs::path work = FreshWorkDirectory();
  using DoubleImage = itk::Image<double, 3>;
  SaveImage(RandomImage<DoubleImage>({{5, 5, 5}}, 0.0, 1.0, 9).GetPointer(), work / "real.mha");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "real.mha", "out.mha"}, work, 1,
                "pixel type 'double'");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "absent.mha", "out.mha"}, work, 1,
                "INPUT 'absent.mha' does not exist");
  std::ofstream(work / "notes.txt") << "not an image\n";
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "notes.txt", "out.mha"}, work, 1,
                "neither a DICOM series directory nor an image file");
  EXPECT_FALSE(fs::exists(work / "out.mha"));
}

TEST(MorphologyAppErrors, InputIsNeverOverwritten) {
  const fs::path work = FreshWorkDirectory();
  const std::string bytes = FileBytes(WriteSmallInt16(work, "in.mha"));
  const std::vector<std::string> close{"--operation", "close", "--radius-vox", "1", "--force"};
  for (const std::string& output : {"in.mha", "./in.mha"}) {
    auto arguments = close;
    arguments.insert(arguments.end(), {"in.mha", output});
    ExpectFailure(arguments, work, 2, "would overwrite the input file");
  }
  fs::create_hard_link(work / "in.mha", work / "link.mha");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "--force", "in.mha", "link.mha"},
                work, 2, "would overwrite the input file");
  EXPECT_EQ(FileBytes(work / "in.mha"), bytes);

  // An .mhd header whose data file another output would write (ITK writes b.mhd + b.zraw).
  WriteSmallInt16(work, "b.mhd");
  ASSERT_TRUE(fs::exists(work / "b.zraw"));
  fs::rename(work / "b.mhd", work / "a.mhd");
  const std::string data = FileBytes(work / "b.zraw");
  ExpectFailure({"--operation", "close", "--radius-vox", "1", "--force", "a.mhd", "b.mhd"}, work, 2,
                "would overwrite the input file");
  EXPECT_EQ(FileBytes(work / "b.zraw"), data);
}

TEST(MorphologyAppErrors, ExistingOutputFileNeedsForce) {
  const fs::path work = FreshWorkDirectory();
  WriteSmallInt16(work, "in.mha");
  std::ofstream(work / "out.mha") << "keep me\n";
  ExpectFailure({"--operation", "erode", "--radius-vox", "1", "in.mha", "out.mha"}, work, 2,
                "exists; --force replaces it");
  EXPECT_EQ(FileBytes(work / "out.mha"), "keep me\n");
  const RunResult run = RunProgram(
      {"--operation", "erode", "--radius-vox", "1", "--force", "in.mha", "out.mha"}, work);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FileLayout(work / "out.mha").second, itk::IOComponentEnum::SHORT);
}

TEST(MorphologyAppErrors, DicomOutputNeedsANewOrEmptyDirectoryOutsideTheInput) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  fs::create_directories(work / "series");
  std::ofstream(work / "series" / "notes.txt") << "mine\n";
  ExpectFailure({"--operation", "close", "--radius-mm", "2", "--dicom", phantom.string(), "series"},
                work, 2, "is not empty");
  EXPECT_EQ(FileBytes(work / "series" / "notes.txt"), "mine\n");

  const std::size_t files = std::distance(fs::directory_iterator(phantom), {});
  ExpectFailure({"--operation", "close", "--radius-mm", "2", phantom.string(),
                 (phantom / "closed.mha").string()},
                work, 2, "lies inside the input directory");
  ExpectFailure({"--operation", "close", "--radius-mm", "2", "--dicom", phantom.string(),
                 (phantom / "derived").string()},
                work, 2, "lies inside the input directory");
  EXPECT_EQ(std::distance(fs::directory_iterator(phantom), {}), files);
}

// Named without "Cuda" on purpose: this case belongs to the CPU run (it needs no GPU).
TEST(MorphologyAppErrors, GpuBackendWithoutDeviceIsARuntimeError) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  const fs::path work = FreshWorkDirectory();
  WriteSmallInt16(work, "in.mha");
  ExpectFailure(
      {"--operation", "close", "--radius-vox", "1", "--backend", "cuda", "in.mha", "out.mha"}, work,
      1, "--backend cuda: ");
  EXPECT_FALSE(fs::exists(work / "out.mha"));
}

} // namespace
