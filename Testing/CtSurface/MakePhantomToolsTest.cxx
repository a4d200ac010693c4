// cumed-make-phantom's options for scripts: --version, --json (valid, with the series written),
// --quiet, --threads.
#include "JsonValue.h"
#include "ProgramRun.h"
#include "cumed/core/Config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using cumed::apptest::JsonValue;
using cumed::apptest::RunResult;

namespace {

fs::path WorkDir() {
  const fs::path dir = fs::path(CUMED_SMOKE_WORK_DIR) / "make-phantom";
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

RunResult MakePhantom(const std::vector<std::string>& arguments, const fs::path& dir) {
  return cumed::apptest::RunProgram(
      cumed::apptest::Setting("CUMED_MAKE_PHANTOM", CUMED_MAKE_PHANTOM_EXE), arguments, dir,
      "make-phantom", dir);
}

} // namespace

TEST(MakePhantomTools, VersionJsonQuietAndThreads) {
  const fs::path dir = WorkDir();
  const RunResult version = MakePhantom({"--version"}, dir);
  EXPECT_EQ(version.exitCode, 0);
  EXPECT_EQ(version.out.rfind(std::string("cumed-make-phantom ") + CUMED_VERSION + "\n", 0), 0u)
      << version.out;

  const RunResult run =
      MakePhantom({"--size", "32", "33", "34", "--json", "--quiet", "--threads", "1", "ph"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(run.err.empty()) << run.err;
  const JsonValue summary = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(summary["program"].text, "cumed-make-phantom");
  EXPECT_EQ(summary["slices"].number, 34);
  ASSERT_EQ(summary["size"].items.size(), 3u);
  EXPECT_EQ(summary["size"].items[1].number, 33);
  EXPECT_EQ(summary["hu_min"].number, -1024);
  EXPECT_GT(summary["hu_max"].number, 300) << "bone";
  EXPECT_EQ(summary["output_dir"].text, "ph");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "ph"), {}), 34) << "one file per slice";

  for (const std::string value : {"0", "many"}) {
    const RunResult bad = MakePhantom({"--threads", value, "other"}, dir);
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
    EXPECT_NE(bad.err.find("--threads"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dir / "other"));
  }
}
