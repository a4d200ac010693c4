// Outputs that never lie (Documentation/reliability.md, "Outputs"): no output through a link or
// over any input file (an .mhd's data files named as MetaIO reads them included), nothing under
// the final name after SIGINT/SIGTERM/SIGKILL, and one winner among concurrent runs.
#include "BackgroundProgram.h"
#include "ProgramRunner.h"
#include "TestImages.h"

#include "cumed/io/DicomSeriesReader.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <thread>

namespace fs = std::filesystem;
using namespace cumed::morphologytest;
using cumed::apptest::BackgroundProgram;
using cumed::apptest::DirectoryNames;
using cumed::apptest::Ending;
using cumed::apptest::FileBytes;

namespace {

using Int16Image = itk::Image<std::int16_t, 3>;

const char* const kDelayHook = "CUMED_TEST_COMMIT_DELAY_S";
const char* const kStagedMarker = "CUMED_TEST_COMMIT_DELAY_S: outputs staged";

std::string Program() {
  return cumed::apptest::Setting("CUMED_MORPHOLOGY", CUMED_MORPHOLOGY_EXE);
}

// Beside `work`, not in it: the runs' captured output must not count as files they left.
fs::path FreshCaptureDirectory(const fs::path& work) {
  const fs::path capture = work.parent_path() / (work.filename().string() + ".capture");
  fs::remove_all(capture);
  return capture;
}

std::unique_ptr<BackgroundProgram> Start(const std::vector<std::string>& arguments,
                                         const fs::path& work, const fs::path& capture,
                                         const std::string& tag, double delaySeconds) {
  return std::make_unique<BackgroundProgram>(
      Program(), arguments, work, capture, tag,
      std::vector<std::pair<std::string, std::string>>{{kDelayHook, std::to_string(delaySeconds)}});
}

void ExpectRefused(const std::vector<std::string>& arguments, const fs::path& work,
                   const std::string& needle) {
  const RunResult run = RunProgram(arguments, work);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos)
      << "expected '" << needle << "' in " << run.err;
}

std::vector<std::string> Close(const std::vector<std::string>& rest) {
  std::vector<std::string> arguments{"--operation", "close", "--radius-vox", "1"};
  arguments.insert(arguments.end(), rest.begin(), rest.end());
  return arguments;
}

// Writes `count` int16 values (a raw MetaImage data file) to `file`.
void WriteRaw(const fs::path& file, std::size_t count) {
  std::ofstream out(file, std::ios::binary);
  for (std::size_t i = 0; i < count; ++i) {
    const std::int16_t value = static_cast<std::int16_t>(i * 7 % 200 - 100);
    out.write(reinterpret_cast<const char*>(&value), sizeof value);
  }
}

void WriteHeader(const fs::path& file, const std::string& elementDataFile) {
  std::ofstream(file) << "ObjectType = Image\nNDims = 3\nDimSize = 4 3 2\n"
                      << "ElementSpacing = 1 1 1\nElementType = MET_SHORT\n"
                      << "ElementDataFile = " << elementDataFile << "\n";
}

// Waits up to `seconds` for a slice file anywhere below `directory`.
bool SliceAppears(const fs::path& directory, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    std::error_code error;
    for (fs::recursive_directory_iterator it(directory, error), last; !error && it != last;
         it.increment(error)) {
      if (it->path().extension() == ".dcm") return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

} // namespace

// Finding 5 for cumed-morphology: an output path that is a symbolic or hard link is refused,
// --force or not, and the file it leads to keeps its bytes.
TEST(MorphologyAppOutputSafety, NeverWritesThroughOrOverALink) {
  const fs::path work = FreshWorkDirectory();
  SaveImage(RandomImage<Int16Image>({{9, 7, 5}}, -100, 100, 7).GetPointer(), work / "in.mha");
  const std::string input = FileBytes(work / "in.mha");
  std::ofstream(work / "victim.mha") << "someone else's file\n";

  fs::create_symlink("in.mha", work / "to-input.mha");
  ExpectRefused(Close({"--force", "in.mha", "to-input.mha"}), work,
                "OUTPUT 'to-input.mha' would overwrite the input file 'in.mha'");
  fs::create_symlink("victim.mha", work / "to-victim.mha");
  ExpectRefused(Close({"--force", "in.mha", "to-victim.mha"}), work,
                "OUTPUT 'to-victim.mha' is a symbolic link (to 'victim.mha')");
  fs::create_symlink("nowhere.mha", work / "dangling.mha");
  ExpectRefused(Close({"--force", "in.mha", "dangling.mha"}), work,
                "OUTPUT 'dangling.mha' is a symbolic link");
  fs::create_hard_link(work / "victim.mha", work / "second-name.mha");
  ExpectRefused(Close({"--force", "in.mha", "second-name.mha"}), work,
                "OUTPUT 'second-name.mha' has 2 hard links");

  EXPECT_EQ(FileBytes(work / "in.mha"), input);
  EXPECT_EQ(FileBytes(work / "victim.mha"), "someone else's file\n");
  EXPECT_FALSE(fs::exists(work / "nowhere.mha"));
  EXPECT_TRUE(fs::is_symlink(work / "to-victim.mha"));
}

// Finding 6: the data files of an .mhd input are protected whatever form ElementDataFile takes:
// a name with spaces (the whole rest of the line), LIST with names on the following lines, and
// the numbered pattern "FORMAT MIN MAX STEP".
TEST(MorphologyAppOutputSafety, EveryMetaImageDataFileIsProtected) {
  const fs::path work = FreshWorkDirectory();
  WriteRaw(work / "my data.nii", 24);
  WriteHeader(work / "spaced.mhd", "my data.nii");
  WriteRaw(work / "slice0.nii", 12);
  WriteRaw(work / "slice1.nii", 12);
  WriteHeader(work / "listed.mhd", "LIST\nslice0.nii\nslice1.nii");
  WriteRaw(work / "part1.nii", 12);
  WriteRaw(work / "part2.nii", 12);
  WriteHeader(work / "numbered.mhd", "part%d.nii 1 2 1");
  WriteHeader(work / "defaulted.mhd", "part%d.nii"); // MetaIO: 1 .. the last DimSize (2)
  std::map<std::string, std::string> before;
  for (const std::string name :
       {"my data.nii", "slice0.nii", "slice1.nii", "part1.nii", "part2.nii"}) {
    before[name] = FileBytes(work / name);
  }

  // (Whether such inputs are read is the input checks' business; the refusal comes first.)
  ExpectRefused(Close({"--force", "spaced.mhd", "my data.nii"}), work,
                "OUTPUT 'my data.nii' would overwrite the input file");
  ExpectRefused(Close({"--force", "listed.mhd", "slice1.nii"}), work,
                "OUTPUT 'slice1.nii' would overwrite the input file");
  ExpectRefused(Close({"--force", "numbered.mhd", "part2.nii"}), work,
                "OUTPUT 'part2.nii' would overwrite the input file");
  ExpectRefused(Close({"--force", "defaulted.mhd", "part2.nii"}), work,
                "OUTPUT 'part2.nii' would overwrite the input file");
  for (const auto& [name, bytes] : before) EXPECT_EQ(FileBytes(work / name), bytes) << name;
}

// Finding 12, image file: a run interrupted with SIGTERM or SIGINT after writing the whole output
// under its temporary name (the test hook holds it there) dies of that signal and leaves nothing:
// no file under the final name, no staging directory.
TEST(MorphologyAppOutputSafety, InterruptedRunLeavesNothing) {
  const fs::path work = FreshWorkDirectory();
  const fs::path capture = FreshCaptureDirectory(work);
  SaveImage(RandomImage<Int16Image>({{40, 30, 20}}, -100, 100, 3).GetPointer(), work / "in.mha");
  for (const int signal : {SIGTERM, SIGINT}) {
    const auto run = Start(Close({"in.mha", "out/closed.nii.gz"}), work, capture, "run", 60);
    ASSERT_TRUE(run->WaitForStderr(kStagedMarker, 60)) << "the run never staged its output";
    run->Signal(signal);
    const Ending ending = run->Wait();
    EXPECT_EQ(ending.signal, signal) << "exit " << ending.exitCode << ": " << ending.err;
    EXPECT_EQ(DirectoryNames(work), std::set<std::string>{"in.mha"})
        << "signal " << signal << " left output behind (the directory 'out' it created included)";
  }
}

// Finding 12, SIGKILL: only the documented hidden staging directory can remain; nothing under the
// final name, and the next run ignores the leftover and succeeds.
TEST(MorphologyAppOutputSafety, KilledRunLeavesOnlyItsHiddenStagingDirectory) {
  const fs::path work = FreshWorkDirectory();
  const fs::path capture = FreshCaptureDirectory(work);
  SaveImage(RandomImage<Int16Image>({{40, 30, 20}}, -100, 100, 3).GetPointer(), work / "in.mha");
  const auto run = Start(Close({"in.mha", "closed.nii.gz"}), work, capture, "run", 60);
  ASSERT_TRUE(run->WaitForStderr(kStagedMarker, 60));
  run->Signal(SIGKILL);
  EXPECT_EQ(run->Wait().signal, SIGKILL);
  const std::string leftover = ".cumed-partial-" + std::to_string(run->pid()) + "-0";
  EXPECT_EQ(DirectoryNames(work), (std::set<std::string>{"in.mha", leftover}));
  EXPECT_TRUE(fs::exists(work / leftover / "closed.nii.gz")) << "the staged file, complete";

  const RunResult next = RunProgram(Close({"in.mha", "closed.nii.gz"}), work);
  EXPECT_EQ(next.exitCode, 0) << next.err;
  EXPECT_EQ(DirectoryNames(work), (std::set<std::string>{"in.mha", leftover, "closed.nii.gz"}));
}

// Finding 12, DICOM: a series appears complete or not at all.
TEST(MorphologyAppOutputSafety, InterruptedDicomOutputLeavesNoSeries) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  const fs::path capture = FreshCaptureDirectory(work);
  const auto arguments = Close({"--dicom", phantom.string(), "series"});
  const auto terminated = Start(arguments, work, capture, "term", 60);
  ASSERT_TRUE(terminated->WaitForStderr(kStagedMarker, 120));
  terminated->Signal(SIGTERM);
  EXPECT_EQ(terminated->Wait().signal, SIGTERM);
  EXPECT_TRUE(DirectoryNames(work).empty());

  // Killed while the slices are being written (the first one exists), and once all are.
  const auto midway = Start(arguments, work, capture, "midway", 60);
  EXPECT_TRUE(SliceAppears(work, 120)) << "no slice was ever written";
  midway->Signal(SIGKILL);
  EXPECT_EQ(midway->Wait().signal, SIGKILL);
  const auto killed = Start(arguments, work, capture, "kill", 60);
  ASSERT_TRUE(killed->WaitForStderr(kStagedMarker, 120));
  killed->Signal(SIGKILL);
  EXPECT_EQ(killed->Wait().signal, SIGKILL);
  const std::string leftover = ".cumed-partial-" + std::to_string(killed->pid()) + "-0";
  const std::string midwayLeftover = ".cumed-partial-" + std::to_string(midway->pid()) + "-0";
  EXPECT_EQ(DirectoryNames(work), (std::set<std::string>{midwayLeftover, leftover}));
  EXPECT_THROW(cumed::io::ReadDicomCtSeries((work / "series").string()), cumed::Error);
  EXPECT_THROW(cumed::io::ReadDicomCtSeries(work.string()), cumed::Error)
      << "a reader of the parent directory takes no leftover for a series";
}

// Finding 13: four runs writing the same new file, all past their checks before any finishes
// (the hook holds each for 3 s after writing): exactly one wins, the others fail naming the file,
// and the file is one run's complete output.
TEST(MorphologyAppOutputSafety, ConcurrentRunsToOneNewFileHaveOneWinner) {
  const fs::path work = FreshWorkDirectory();
  const fs::path capture = FreshCaptureDirectory(work);
  SaveImage(RandomImage<Int16Image>({{30, 20, 10}}, -100, 100, 5).GetPointer(), work / "in.mha");
  ASSERT_EQ(RunProgram(Close({"in.mha", "single.mha"}), work).exitCode, 0);

  for (const bool force : {false, true}) {
    fs::remove(work / "out.mha");
    std::vector<std::unique_ptr<BackgroundProgram>> runs;
    for (int i = 0; i < 4; ++i) {
      auto arguments = Close({"in.mha", "out.mha"});
      if (force) arguments.insert(arguments.begin(), "--force");
      runs.push_back(Start(arguments, work, capture, "run" + std::to_string(i), 3));
    }
    int succeeded = 0;
    for (auto& run : runs) {
      const Ending ending = run->Wait();
      if (ending.exitCode == 0) {
        ++succeeded;
        continue;
      }
      EXPECT_FALSE(force) << "with --force every run replaces the file: " << ending.err;
      // Normally at the rename (exit 1); a run that started after the winner had finished (a
      // very slow machine) stops at the check instead (exit 2). Both name the file.
      const bool atRename =
          ending.exitCode == 1 &&
          ending.err.find("output 'out.mha' appeared while this run was writing it") !=
              std::string::npos;
      const bool atCheck =
          ending.exitCode == 2 && ending.err.find("OUTPUT 'out.mha' exists") != std::string::npos;
      EXPECT_TRUE(atRename || atCheck) << "exit " << ending.exitCode << ": " << ending.err;
    }
    EXPECT_EQ(succeeded, force ? 4 : 1);
    EXPECT_EQ(DirectoryNames(work), (std::set<std::string>{"in.mha", "single.mha", "out.mha"}));
    ExpectSamePixels(LoadImage<Int16Image>(work / "out.mha").GetPointer(),
                     LoadImage<Int16Image>(work / "single.mha").GetPointer());
  }
}

// Finding 13, DICOM: of four runs writing the same new series directory, one wins.
TEST(MorphologyAppOutputSafety, ConcurrentRunsToOneNewSeriesHaveOneWinner) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  const fs::path capture = FreshCaptureDirectory(work);
  std::vector<std::unique_ptr<BackgroundProgram>> runs;
  for (int i = 0; i < 4; ++i) {
    runs.push_back(Start(Close({"--dicom", phantom.string(), "series"}), work, capture,
                         "run" + std::to_string(i), 3));
  }
  int succeeded = 0;
  for (auto& run : runs) {
    const Ending ending = run->Wait();
    if (ending.exitCode == 0) {
      ++succeeded;
      continue;
    }
    EXPECT_NE(ending.err.find("'series'"), std::string::npos) << ending.err;
  }
  EXPECT_EQ(succeeded, 1);
  EXPECT_EQ(DirectoryNames(work), std::set<std::string>{"series"});
  const auto slices = std::distance(fs::directory_iterator(phantom), {});
  EXPECT_EQ(std::distance(fs::directory_iterator(work / "series"), {}), slices);
  EXPECT_NO_THROW(cumed::io::ReadDicomCtSeries((work / "series").string()));
}
