// Staged outputs appear only on Commit(); without replace, an output that appeared meanwhile
// stops the commit and what the commit had placed is removed again; with replace, it is replaced.
#include "cumed/output/SafeOutput.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using cumed::output::StagedFiles;

namespace {

fs::path FreshDirectory() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory =
      fs::temp_directory_path() /
      ("cumed-staged-files-test-" + std::to_string(::getpid()) + "-" + test->name());
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

std::string Text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t Count(const fs::path& directory) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(directory), {}));
}

TEST(StagedFiles, OutputsAppearOnlyOnCommit) {
  const fs::path directory = FreshDirectory();
  StagedFiles staged(false);
  const fs::path header = staged.Stage(directory / "out.mhd");
  const fs::path data = staged.Stage(directory / "out.zraw");
  EXPECT_EQ(header.parent_path(), data.parent_path()) << "one staging directory per parent";
  EXPECT_EQ(header.parent_path().filename().string().rfind(".cumed-partial-", 0), 0u);
  std::ofstream(header) << "header";
  std::ofstream(data) << "data";
  EXPECT_FALSE(fs::exists(directory / "out.mhd"));
  staged.Commit();
  EXPECT_EQ(Text(directory / "out.mhd"), "header");
  EXPECT_EQ(Text(directory / "out.zraw"), "data");
  EXPECT_EQ(Count(directory), 2u) << "the staging directory is gone";
}

TEST(StagedFiles, WithoutReplaceAnOutputThatAppearedStopsTheCommit) {
  const fs::path directory = FreshDirectory();
  {
    StagedFiles staged(false);
    std::ofstream(staged.Stage(directory / "out.mhd")) << "header";
    std::ofstream(staged.Stage(directory / "out.zraw")) << "data";
    std::ofstream(directory / "out.mhd") << "another run's"; // after the checks
    try {
      staged.Commit();
      ADD_FAILURE() << "the commit replaced a file that appeared meanwhile";
    } catch (const cumed::Error& e) {
      EXPECT_NE(std::string(e.what()).find("output '" + (directory / "out.mhd").string() +
                                           "' appeared while this run was writing it"),
                std::string::npos)
          << e.what();
    }
  }
  EXPECT_EQ(Text(directory / "out.mhd"), "another run's");
  EXPECT_FALSE(fs::exists(directory / "out.zraw")) << "the data file placed first is removed";
  EXPECT_EQ(Count(directory), 1u);
}

TEST(StagedFiles, WithReplaceAnExistingFileIsReplacedAndUncommittedOutputsVanish) {
  const fs::path directory = FreshDirectory();
  std::ofstream(directory / "out.stl") << "old";
  {
    StagedFiles staged(true);
    std::ofstream(staged.Stage(directory / "out.stl")) << "new";
    staged.Commit();
  }
  EXPECT_EQ(Text(directory / "out.stl"), "new");
  {
    StagedFiles staged(true);
    std::ofstream(staged.Stage(directory / "out.stl")) << "never committed";
  }
  EXPECT_EQ(Text(directory / "out.stl"), "new");
  EXPECT_EQ(Count(directory), 1u);
}

TEST(StagedFiles, ADirectoryReplacesOnlyAnEmptyOne) {
  const fs::path directory = FreshDirectory();
  fs::create_directories(directory / "empty");
  fs::create_directories(directory / "full");
  std::ofstream(directory / "full" / "mine.txt") << "mine";
  for (const std::string name : {"empty", "full", "new"}) {
    StagedFiles staged(true);
    const fs::path series = staged.Stage(directory / (name + "/"));
    fs::create_directory(series);
    std::ofstream(series / "IMG0001.dcm") << "slice";
    if (name == "full") {
      EXPECT_THROW(staged.Commit(), cumed::Error);
    } else {
      staged.Commit();
      EXPECT_EQ(Text(directory / name / "IMG0001.dcm"), "slice") << name;
    }
  }
  EXPECT_EQ(Count(directory / "full"), 1u);
  EXPECT_EQ(Text(directory / "full" / "mine.txt"), "mine");
  EXPECT_EQ(Count(directory), 3u);
}

} // namespace
