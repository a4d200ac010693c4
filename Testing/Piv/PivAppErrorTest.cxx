// cumed-piv's answers to bad frames and command lines: exit status 2 for usage errors, 1 for
// runtime errors, one line naming the file, option or value; nothing left in the output
// directory; existing outputs replaced only with --force.
#include "PivAppFiles.h"
#include "cumed/core/Backend.h"

#include <gtest/gtest.h>

#include <fstream>

namespace {

using namespace cumed::pivtest;
namespace fs = std::filesystem;

void ExpectError(const cumed::apptest::RunResult& run, int code, const std::string& fragment) {
  EXPECT_EQ(run.exitCode, code) << run.err;
  EXPECT_NE(run.err.find(fragment), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("cumed-piv: error: "), std::string::npos) << run.err;
}

TEST(PivAppErrors, FramesOfDifferentSizes) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "unused.png", 1, 1, 1, 128, 96);
  WritePair(dir / "unused2.png", dir / "b.png", 1, 1, 1, 96, 96);
  const auto run = RunPiv({"--output", "out", "a.png", "b.png"}, dir);
  ExpectError(run, 1, "pair 'a.png' / 'b.png': PIV: the frames differ in size");
  EXPECT_FALSE(fs::exists(dir / "out")); // the directory it made is removed again
}

TEST(PivAppErrors, EnsembleNamesThePairAtFault) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "p0_a.png", dir / "p0_b.png", 1, 1, 1, 128, 96);
  WritePair(dir / "p1_a.png", dir / "p1_b.png", 1, 1, 2, 96, 96);
  const auto run = RunPiv({"--output", "out", "--ensemble", "p*.png"}, dir);
  ExpectError(run, 1,
              "pair 'p1_a.png' / 'p1_b.png': PIV: ensemble pair 1: the frames are 96 x 96 px");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// Named without "Cuda" on purpose: this case belongs to the CPU run (it needs no GPU).
TEST(PivAppErrors, EnsembleOnTheCudaBackendWithoutDeviceIsARuntimeError) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  ExpectError(RunPiv({"--output", "out", "--ensemble", "--backend", "cuda", "a.png", "b.png"}, dir),
              1, "--backend cuda: ");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(PivAppErrors, WindowLargerThanTheFrames) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1, 1, 100, 64);
  ExpectError(RunPiv({"--output", "out", "--window", "128", "a.png", "b.png"}, dir), 1, "128");
}

TEST(PivAppErrors, BadOptionValues) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  ExpectError(RunPiv({"--output", "out", "--overlap", "1", "a.png", "b.png"}, dir), 2,
              "--overlap 1 is outside 0..0.75");
  ExpectError(RunPiv({"--output", "out", "--overlap", "100%", "a.png", "b.png"}, dir), 2,
              "--overlap 100% is outside 0..0.75");
  ExpectError(RunPiv({"--output", "out", "--window", "64,4", "a.png", "b.png"}, dir), 2,
              "--window 4 is outside 8..128");
  ExpectError(RunPiv({"--output", "out", "--fit", "cubic", "a.png", "b.png"}, dir), 2,
              "--fit: unknown fit 'cubic'");
  ExpectError(RunPiv({"--output", "out", "--pair-loss-correction", "yes", "a.png", "b.png"}, dir),
              2, "--pair-loss-correction: unknown choice 'yes' (first, all or none)");
  ExpectError(RunPiv({"a.png", "b.png"}, dir), 2, "--output DIR is required");
  ExpectError(RunPiv({"--output", "out", "--pathlines", "p.vtk", "a.png", "b.png"}, dir), 2,
              "must end with .vtp");
  ExpectError(RunPiv({"--output", "out", "a.png"}, dir), 2, "at least two frames, got 1");
  ExpectError(RunPiv({"--output", "out", "--colour-by", "vorticity", "a.png", "b.png"}, dir), 2,
              "--colour-by colours the arrows of the --png picture; give --png as well");
  ExpectError(RunPiv({"--output", "out", "--png", "--colour-by", "speed", "a.png", "b.png"}, dir),
              2, "--colour-by: unknown quantity 'speed' (magnitude or vorticity)");
  ExpectError(RunPiv({"--output", "out", "a.png", "b.png", "a.png"}, dir), 2,
              "--pairing ab needs an even number of frames, got 3");
  ExpectError(RunPiv({"--output", "out", "missing.png", "b.png"}, dir), 2,
              "frame 'missing.png' does not exist");
  ExpectError(RunPiv({"--output", "out", "x*.png"}, dir), 2, "pattern 'x*.png' matches no file");
}

TEST(PivAppErrors, EmptyAndTruncatedTiff) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.tif", dir / "b.tif", 1, 1);
  std::ofstream(dir / "empty.tif").close();
  ExpectError(RunPiv({"--output", "out", "empty.tif", "b.tif"}, dir), 1, "empty.tif");
  // The first half of a valid TIFF.
  const std::string bytes = cumed::apptest::FileBytes(dir / "a.tif");
  std::ofstream(dir / "cut.tif", std::ios::binary).write(bytes.data(), bytes.size() / 2);
  const auto run = RunPiv({"--output", "out", "cut.tif", "b.tif"}, dir);
  ExpectError(run, 1, "cut.tif");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(PivAppErrors, BadSettingsFiles) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  ExpectError(RunPiv({"--settings", "none.txt", "a.png", "b.png"}, dir), 2,
              "--settings 'none.txt': no such file; it cannot be read as settings");
  fs::create_directories(dir / "folder");
  ExpectError(RunPiv({"--settings", "folder", "a.png", "b.png"}, dir), 2,
              "--settings 'folder': is a directory, not a regular file");
  std::ofstream(dir / "bad.txt") << "--output out\nwindow 32\n";
  ExpectError(RunPiv({"--settings", "bad.txt", "a.png", "b.png"}, dir), 2,
              "--settings 'bad.txt' line 2: 'window 32' is not an option");
  std::ofstream(dir / "nested.txt") << "--settings other.txt\n";
  ExpectError(RunPiv({"--settings", "nested.txt", "a.png", "b.png"}, dir), 2,
              "line 1: a settings file cannot name another");
  std::ofstream(dir / "value.txt") << "--overlap 2\n--output out\n";
  ExpectError(RunPiv({"--settings", "value.txt", "a.png", "b.png"}, dir), 2,
              "--overlap 2 is outside 0..0.75");
}

// The settings file is an input: no output replaces it, --force or not.
TEST(PivAppErrors, SettingsFileIsNeverReplacedByAnOutput) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  const auto first = RunPiv({"--output", "out", "--window", "16", "a.png", "b.png"}, dir);
  ASSERT_EQ(first.exitCode, 0) << first.err;
  ASSERT_TRUE(fs::exists(dir / "out" / "a.txt"));
  const std::string settings = "--window 16\n";
  std::ofstream(dir / "out" / "a.txt", std::ios::trunc) << settings;
  ExpectError(
      RunPiv({"--output", "out", "--settings", "out/a.txt", "--force", "a.png", "b.png"}, dir), 2,
      "out/a.txt");
  EXPECT_EQ(cumed::apptest::FileBytes(dir / "out" / "a.txt"), settings);
}

TEST(PivAppErrors, MaskOfTheWrongSize) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1, 1, 128, 96);
  WritePair(dir / "mask.png", dir / "unused.png", 1, 1, 1, 64, 96);
  ExpectError(RunPiv({"--output", "out", "--mask", "mask.png", "a.png", "b.png"}, dir), 1,
              "--mask 'mask.png' is 64 x 96 px but frame 'a.png' is 128 x 96 px");
}

TEST(PivAppErrors, AFrameNamedLikeThePathlinePicture) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "pathlines.png", dir / "b.png", 1, 1);
  ExpectError(
      RunPiv({"--output", "out", "--png", "--pathlines", "out/p.vtp", "pathlines.png", "b.png"},
             dir),
      2, "the picture of pair 'pathlines' and the pathlines' picture are both");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(PivAppErrors, ExistingOutputsNeedForce) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  ASSERT_EQ(RunPiv({"--output", "out", "a.png", "b.png"}, dir).exitCode, 0);
  const std::string before = cumed::apptest::FileBytes(dir / "out" / "a.txt");
  ExpectError(RunPiv({"--output", "out", "--window", "16", "a.png", "b.png"}, dir), 2,
              "exists; --force replaces it");
  EXPECT_EQ(cumed::apptest::FileBytes(dir / "out" / "a.txt"), before);
  const auto forced =
      RunPiv({"--output", "out", "--window", "16", "--force", "a.png", "b.png"}, dir);
  EXPECT_EQ(forced.exitCode, 0) << forced.err;
  EXPECT_NE(cumed::apptest::FileBytes(dir / "out" / "a.txt"), before);
  // Never into an input, --force or not.
  ExpectError(RunPiv({"--output", ".", "--force", "a.png", "b.png", "--pathlines", "a.png"}, dir),
              2, "must end with .vtp");
}

} // namespace
