// cumed-ct-surface's outputs never lie (Documentation/reliability.md, "Outputs"): no output file
// leads to an input slice, through a symbolic or a hard link, even with --force; an interrupted
// or killed run leaves nothing under the final names.
#include "BackgroundProgram.h"
#include "CtSurfaceTestPaths.h"
#include "ProgramRun.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using cumed::apptest::BackgroundProgram;
using cumed::apptest::DirectoryNames;
using cumed::apptest::Ending;
using cumed::apptest::FileBytes;
using cumed::apptest::RunResult;

namespace {

const char* const kStagedMarker = "CUMED_TEST_COMMIT_DELAY_S: outputs staged";

using cumed::ctsurfacetest::Program;

fs::path FreshDir() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(CUMED_SMOKE_WORK_DIR) / "output-safety" / test->name();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The phantom series copied to `dir`/input: a series the test may link to.
fs::path CopyOfPhantom(const fs::path& dir) {
  const fs::path phantom = cumed::ctsurfacetest::PhantomDir();
  fs::copy(phantom, dir / "input");
  return dir / "input";
}

const std::vector<std::string> kForcedRun{
    "--force", "--output-dir", "out", "--no-png", "--radius-mm", "0", "input"};

void ExpectRefused(const fs::path& dir, const std::string& needle) {
  const RunResult run = cumed::apptest::RunProgram(Program(), kForcedRun, dir, "run", dir);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos)
      << "expected '" << needle << "' in " << run.err;
}

} // namespace

// Finding 5: OUT/surface.stl as a symbolic link or a hard link to an input slice, and OUT as a
// link to the input directory, are refused with --force; the slice keeps its bytes.
TEST(CtSurfaceOutputSafety, NoOutputLeadsToAnInputSlice) {
  const fs::path dir = FreshDir();
  const fs::path input = CopyOfPhantom(dir);
  const fs::path slice = *fs::directory_iterator(input);
  const std::string bytes = FileBytes(slice);
  fs::create_directories(dir / "out");

  fs::create_symlink(fs::absolute(slice), dir / "out" / "surface.stl");
  ExpectRefused(dir, "output file 'out/surface.stl' is or lies inside the input directory");
  fs::remove(dir / "out" / "surface.stl");

  fs::create_hard_link(slice, dir / "out" / "surface.stl");
  ExpectRefused(dir,
                "output file 'out/surface.stl' has 2 hard links, one of them the input file '" +
                    ("input" / slice.filename()).string() + "'");
  fs::remove(dir / "out" / "surface.stl");

  fs::remove(dir / "out");
  fs::create_directory_symlink("input", dir / "out");
  ExpectRefused(dir, "--output-dir 'out' is or lies inside the input directory 'input'");

  EXPECT_EQ(FileBytes(slice), bytes);
  EXPECT_EQ(std::distance(fs::directory_iterator(input), {}),
            std::distance(fs::directory_iterator(CUMED_SAMPLE_CT_DIR), {}));
}

// Finding 12: SIGTERM or SIGINT once the surface files are written under their temporary names
// removes them and the directory the run created; after SIGKILL only the hidden staging directory
// remains, never a file under its final name.
TEST(CtSurfaceOutputSafety, InterruptedOrKilledRunLeavesNoSurface) {
  const fs::path dir = FreshDir();
  const std::string phantom = cumed::ctsurfacetest::PhantomDir();
  const std::vector<std::string> arguments{"--output-dir", "out", "--no-png",
                                           "--radius-mm",  "0",   phantom};
  const std::vector<std::pair<std::string, std::string>> hook{{"CUMED_TEST_COMMIT_DELAY_S", "60"}};
  for (const int signal : {SIGTERM, SIGINT, SIGKILL}) {
    BackgroundProgram run(Program(), arguments, dir, dir.parent_path() / "capture", "run", hook);
    ASSERT_TRUE(run.WaitForStderr(kStagedMarker, 120)) << "the run never staged its output";
    run.Signal(signal);
    const Ending ending = run.Wait();
    EXPECT_EQ(ending.signal, signal) << "exit " << ending.exitCode << ": " << ending.err;
    if (signal == SIGKILL) {
      const std::string leftover = ".cumed-partial-" + std::to_string(run.pid()) + "-0";
      EXPECT_EQ(DirectoryNames(dir), std::set<std::string>{"out"});
      EXPECT_EQ(DirectoryNames(dir / "out"), std::set<std::string>{leftover});
    } else {
      EXPECT_TRUE(DirectoryNames(dir).empty()) << "signal " << signal << " left output behind";
    }
  }
}

// cumed-make-phantom's series appears whole or not at all: SIGTERM once every slice is written
// under the temporary name leaves nothing, SIGKILL only the hidden staging directory.
TEST(CtSurfaceOutputSafety, InterruptedMakePhantomLeavesNoSeries) {
  const fs::path dir = FreshDir();
  const std::vector<std::pair<std::string, std::string>> hook{{"CUMED_TEST_COMMIT_DELAY_S", "60"}};
  for (const int signal : {SIGTERM, SIGKILL}) {
    BackgroundProgram run(cumed::apptest::Setting("CUMED_MAKE_PHANTOM", CUMED_MAKE_PHANTOM_EXE),
                          {"new/series"}, dir, dir.parent_path() / "capture", "phantom", hook);
    ASSERT_TRUE(run.WaitForStderr(kStagedMarker, 120)) << "the run never staged its output";
    run.Signal(signal);
    EXPECT_EQ(run.Wait().signal, signal);
    if (signal == SIGTERM) {
      EXPECT_TRUE(DirectoryNames(dir).empty()) << "SIGTERM left output behind";
    } else {
      EXPECT_EQ(DirectoryNames(dir / "new"),
                std::set<std::string>{".cumed-partial-" + std::to_string(run.pid()) + "-0"});
    }
  }
}

// The series replaces its directory's name whole, so that name may not be a symbolic link (the
// directory it leads to stays as it is).
TEST(CtSurfaceOutputSafety, MakePhantomRefusesALinkAsItsDirectory) {
  const fs::path dir = FreshDir();
  fs::create_directory(dir / "real");
  fs::create_directory_symlink("real", dir / "link");
  const RunResult run = cumed::apptest::RunProgram(
      cumed::apptest::Setting("CUMED_MAKE_PHANTOM", CUMED_MAKE_PHANTOM_EXE), {"link"}, dir,
      "phantom", dir);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("OUTPUT_DIR 'link' is a symbolic link"), std::string::npos) << run.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  EXPECT_TRUE(DirectoryNames(dir / "real").empty());
}

namespace {

// The triangle count a binary STL file states (after its 80-byte header).
std::uint32_t StlTriangles(const fs::path& file) {
  const std::string bytes = FileBytes(file);
  std::uint32_t count = 0;
  if (bytes.size() >= 84) std::memcpy(&count, bytes.data() + 80, 4);
  return count;
}

// The NumberOfPolys attribute of a .vtp file's Piece (written as text, whatever the compression).
std::uint32_t VtpPolys(const fs::path& file) {
  const std::string bytes = FileBytes(file);
  const std::size_t at = bytes.find("NumberOfPolys=\"");
  return at == std::string::npos ? 0 : std::stoul(bytes.substr(at + 15));
}

} // namespace

// Issue 25: three --force runs with different closing radii, started together into one directory,
// leave one run's surface.vtp, surface.stl and surface.png (one commit), never a mix.
TEST(CtSurfaceOutputSafety, ConcurrentRunsIntoOneDirectoryNeverMixTheirFiles) {
  const fs::path dir = FreshDir();
  const std::string phantom = cumed::ctsurfacetest::PhantomDir();
  std::vector<std::unique_ptr<BackgroundProgram>> runs;
  for (const char* radius : {"0", "3", "6"}) {
    runs.push_back(std::make_unique<BackgroundProgram>(
        Program(),
        std::vector<std::string>{"--force", "--output-dir", "out", "--radius-mm", radius, phantom},
        dir, dir.parent_path() / "capture", std::string("run-") + radius));
  }
  std::set<std::uint32_t> written;
  for (auto& run : runs) {
    const Ending ending = run->Wait();
    ASSERT_EQ(ending.exitCode, 0) << ending.err;
    const std::size_t at = ending.out.find("triangles=");
    ASSERT_NE(at, std::string::npos) << ending.out;
    written.insert(std::stoul(ending.out.substr(at + 10)));
  }
  ASSERT_EQ(written.size(), 3u) << "the radii should give three different surfaces";
  const std::uint32_t stl = StlTriangles(dir / "out" / "surface.stl");
  EXPECT_EQ(VtpPolys(dir / "out" / "surface.vtp"), stl);
  EXPECT_EQ(written.count(stl), 1u) << stl << " triangles is no run's surface";
  EXPECT_TRUE(fs::is_regular_file(dir / "out" / "surface.png"));
  EXPECT_EQ(DirectoryNames(dir / "out"),
            (std::set<std::string>{"surface.png", "surface.stl", "surface.vtp"}));
}
