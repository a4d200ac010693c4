// cumed-morphology's options for scripts: --version, --json (valid, the fields of the text
// summary), --quiet, --threads (same voxels with one thread), and --force replacing an image (a
// .mhd header and its data file) only with a complete new one.
#include "JsonValue.h"
#include "ProgramRunner.h"
#include "TestImages.h"

#include "cumed/core/Config.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>

namespace fs = std::filesystem;
using cumed::apptest::JsonValue;
using namespace cumed::morphologytest;

namespace {

using Int16Image = itk::Image<std::int16_t, 3>;

fs::path WriteInput(const fs::path& work) {
  SaveImage(RandomImage<Int16Image>({{17, 13, 9}}, -500, 500, 11).GetPointer(), work / "in.mha");
  return work / "in.mha";
}

std::vector<std::string> Names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(MorphologyAppTools, VersionNamesTheRelease) {
  const RunResult run = RunProgram({"--version"}, FreshWorkDirectory());
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out.rfind(std::string("cumed-morphology ") + CUMED_VERSION + "\n", 0), 0u)
      << run.out;
  EXPECT_NE(run.out.find("CUDA backend: "), std::string::npos) << run.out;
}

TEST(MorphologyAppTools, JsonHoldsTheFieldsOfTheTextSummary) {
  const fs::path work = FreshWorkDirectory();
  WriteInput(work);
  const RunResult text =
      RunProgram({"--operation", "close", "--radius-mm", "1.4", "in.mha", "text.mha"}, work);
  ASSERT_EQ(text.exitCode, 0) << text.err;
  const RunResult json = RunProgram(
      {"--operation", "close", "--radius-mm", "1.4", "--json", "--quiet", "in.mha", "json.mha"},
      work);
  ASSERT_EQ(json.exitCode, 0) << json.err;
  EXPECT_TRUE(json.err.empty()) << json.err;
  const JsonValue summary = cumed::apptest::ParseJson(json.out);
  EXPECT_EQ(summary["operation"].text, "close");
  EXPECT_EQ(summary["element"].text, SummaryValue(text.out, "element"));
  const auto& radius = summary["radius_vox"].items;
  ASSERT_EQ(radius.size(), 3u);
  EXPECT_EQ(radius[0].text + "x" + radius[1].text + "x" + radius[2].text,
            SummaryValue(text.out, "radius_vox"));
  EXPECT_EQ(summary["radius_mm"].number, 1.4);
  EXPECT_EQ(summary["size"].items.size(), 3u);
  EXPECT_EQ(summary["size"].items[0].number, 17);
  EXPECT_EQ(summary["pixel"].text, "int16");
  EXPECT_EQ(summary["backend"].text, SummaryValue(text.out, "backend"));
  EXPECT_EQ(summary["output"].text, "json.mha");
  EXPECT_EQ(summary["time_s"]["compute"].kind, JsonValue::Kind::Number);
}

TEST(MorphologyAppTools, OneThreadGivesTheSameVoxels) {
  const fs::path work = FreshWorkDirectory();
  WriteInput(work);
  for (const auto& [threads, output] : {std::pair{"1", "one.mha"}, std::pair{"2", "two.mha"}}) {
    const RunResult run = RunProgram(
        {"--operation", "gradient", "--radius-vox", "2", "--threads", threads, "in.mha", output},
        work);
    ASSERT_EQ(run.exitCode, 0) << run.err;
  }
  ExpectSamePixels(LoadImage<Int16Image>(work / "one.mha").GetPointer(),
                   LoadImage<Int16Image>(work / "two.mha").GetPointer());
  const RunResult bad = RunProgram(
      {"--operation", "close", "--radius-vox", "1", "--threads", "0", "in.mha", "x.mha"}, work);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--threads 0 is outside 1.."), std::string::npos) << bad.err;
}

TEST(MorphologyAppTools, ForceReplacesAHeaderAndItsDataFileWithNoTemporaryFilesLeft) {
  const fs::path work = FreshWorkDirectory();
  WriteInput(work);
  const std::vector<std::string> dilate{"--operation", "dilate", "--radius-vox",
                                        "1",           "in.mha", "out/result.mhd"};
  ASSERT_EQ(RunProgram(dilate, work).exitCode, 0);
  const auto dilated = LoadImage<Int16Image>(work / "out" / "result.mhd");

  const RunResult refused =
      RunProgram({"--operation", "erode", "--radius-vox", "1", "in.mha", "out/result.mhd"}, work);
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.err.find("'out/result.mhd' exists; --force replaces it"), std::string::npos)
      << refused.err;
  ExpectSamePixels(LoadImage<Int16Image>(work / "out" / "result.mhd").GetPointer(),
                   dilated.GetPointer());

  const RunResult forced = RunProgram(
      {"--operation", "erode", "--radius-vox", "1", "--force", "in.mha", "out/result.mhd"}, work);
  ASSERT_EQ(forced.exitCode, 0) << forced.err;
  EXPECT_EQ((Names(work / "out")), (std::vector<std::string>{"result.mhd", "result.zraw"}));
  const auto eroded = LoadImage<Int16Image>(work / "out" / "result.mhd");
  const auto count = eroded->GetLargestPossibleRegion().GetNumberOfPixels();
  std::size_t lower = 0;
  for (std::size_t i = 0; i < count; ++i) {
    lower += eroded->GetBufferPointer()[i] < dilated->GetBufferPointer()[i];
  }
  EXPECT_GT(lower, count / 2) << "the erosion replaced the dilation";
}

} // namespace
