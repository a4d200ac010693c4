// cumed-morphology's limits on sizes and option values: every numeric option refuses NaN, inf
// and negative values by name, options may not be repeated, and an element more than twice the
// volume along an axis is refused (it ran for minutes) unless --allow-large-element is given.
#include "ProgramRunner.h"
#include "TestImages.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

namespace fs = std::filesystem;
using namespace cumed::morphologytest;

namespace {

using Int16Image = itk::Image<std::int16_t, 3>;

void ExpectUsageError(const std::vector<std::string>& arguments, const fs::path& work,
                      const std::string& needle) {
  const RunResult run = RunProgram(arguments, work);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos)
      << "expected '" << needle << "' in: " << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_FALSE(fs::exists(work / "out.mha"));
}

TEST(MorphologyAppLimits, NumericOptionsRefuseNanInfAndNegativeValuesByName) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<Int16Image>({{9, 7, 5}}, -100, 100, 3).GetPointer(), work / "in.mha");
  const auto close = [](std::vector<std::string> extra) {
    std::vector<std::string> arguments{"--operation", "close"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    arguments.insert(arguments.end(), {"in.mha", "out.mha"});
    return arguments;
  };
  ExpectUsageError(close({"--radius-mm", "nan"}), work,
                   "--radius-mm: 'nan' is not a finite number");
  ExpectUsageError(close({"--radius-mm", "inf"}), work,
                   "--radius-mm: 'inf' is not a finite number");
  ExpectUsageError(close({"--radius-mm=-inf"}), work, "--radius-mm: '-inf' is not a finite number");
  ExpectUsageError(close({"--radius-mm", "-0.5"}), work, "--radius-mm must be > 0 (got -0.5)");
  // 1e300 mm is finite but no sensible radius: named with its size in voxels, not cast to 0.
  ExpectUsageError(close({"--radius-mm", "1e300"}), work,
                   "--radius-mm 1e+300 is 1.42857e+300 voxels");
  ExpectUsageError(close({"--radius-vox", "nan"}), work,
                   "--radius-vox: 'nan' is not a whole number");
  ExpectUsageError(close({"--radius-vox", "1", "--threads", "-2"}), work,
                   "--threads -2 is outside 1..4096");
  ExpectUsageError(close({"--radius-vox", "1", "--threads", "inf"}), work,
                   "--threads: 'inf' is not a whole number");
  ExpectUsageError(close({"--radius-vox", "1", "--boundary", "nan"}), work,
                   "--boundary: 'nan' is not a finite number");
  ExpectUsageError({"--operation", "binary-dilate", "--radius-vox", "1", "--foreground", "inf",
                    "in.mha", "out.mha"},
                   work, "--foreground: 'inf' is not a finite number");
  ExpectUsageError({"--operation", "binary-dilate", "--radius-vox", "1", "--foreground", "1",
                    "--background", "-inf", "in.mha", "out.mha"},
                   work, "--background: '-inf' is not a finite number");
}

TEST(MorphologyAppLimits, RepeatedOptionsAreRefused) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<Int16Image>({{9, 7, 5}}, -100, 100, 3).GetPointer(), work / "in.mha");
  ExpectUsageError(
      {"--operation", "close", "--radius-vox", "1", "--radius-vox", "2", "in.mha", "out.mha"}, work,
      "option --radius-vox is given twice");
  ExpectUsageError(
      {"--operation", "close", "--operation", "open", "--radius-vox", "1", "in.mha", "out.mha"},
      work, "option --operation is given twice");
  ExpectUsageError({"--operation", "close", "--radius-vox", "1", "--threads=1", "--threads", "2",
                    "in.mha", "out.mha"},
                   work, "option --threads is given twice");
}

TEST(MorphologyAppLimits, ElementsMoreThanTwiceTheVolumeNeedTheOptIn) {
  const fs::path work = FreshWorkDirectory();
  // --radius-vox 250 on 64x64x40 voxels ran for minutes without a word; now refused at once.
  SaveImage(RandomImage<Int16Image>({{64, 64, 40}}, -100, 100, 5).GetPointer(), work / "big.mha");
  ExpectUsageError({"--operation", "close", "--radius-vox", "250", "big.mha", "out.mha"}, work,
                   "--radius-vox 250: the element (radius 250x250x250 voxels, extent 501x501x501) "
                   "is more than twice the 64x64x40 volume along x (64 voxels)");
  // Allowed past the volume rule, a ball of radius 300 is still a 601^3 box: above 2^27 voxels.
  ExpectUsageError({"--allow-large-element", "--operation", "close", "--radius-vox", "300",
                    "big.mha", "out.mha"},
                   work,
                   "--element ball: structuring element radius 300x300x300: its bounding box "
                   "has 2.17082e+08 voxels, more than the limit of 2^27");
  ExpectUsageError({"--operation", "close", "--radius-vox", "1", "1", "41", "big.mha", "out.mha"},
                   work, "more than twice the 64x64x40 volume along z (40 voxels)");

  // A 9x7x5 volume and a box of radius 8 (extent 17 > 2*7 along y): refused, then run with the
  // opt-in. Such a box reaches the whole volume from every voxel, so each output voxel is the
  // input's maximum (the boundary value of a dilation never wins).
  const auto input = RandomImage<Int16Image>({{9, 7, 5}}, -100, 100, 9);
  SaveImage(input.GetPointer(), work / "in.mha");
  std::vector<std::string> dilate{"--operation", "dilate", "--element", "box", "--radius-vox", "8"};
  auto arguments = dilate;
  arguments.insert(arguments.end(), {"in.mha", "out.mha"});
  ExpectUsageError(arguments, work, "--allow-large-element");
  arguments.insert(arguments.begin(), "--allow-large-element");
  const RunResult run = RunProgram(arguments, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto output = LoadImage<Int16Image>(work / "out.mha");
  const std::int16_t* in = input->GetBufferPointer();
  const std::int16_t highest = *std::max_element(in, in + 9 * 7 * 5);
  const std::int16_t* out = output->GetBufferPointer();
  EXPECT_TRUE(std::all_of(out, out + 9 * 7 * 5, [&](std::int16_t v) { return v == highest; }));
}

} // namespace
