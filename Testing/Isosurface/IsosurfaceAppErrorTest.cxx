// cumed-isosurface's answers to command lines it cannot or must not carry out: the exit status
// (2 usage, 1 runtime), one message naming the problem, nothing written, no file replaced
// without --force.
#include "BackgroundProgram.h"
#include "IsosurfaceAppSupport.h"

#include "cumed/core/Backend.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace cumed::isosurfacetest;

namespace {

std::string FileText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void ExpectFailure(const std::vector<std::string>& arguments, const fs::path& work, int exitCode,
                   const std::string& needle) {
  const RunResult run = RunIsosurface(arguments, work);
  EXPECT_EQ(run.exitCode, exitCode) << run.err;
  EXPECT_EQ(run.err.rfind("cumed-isosurface: error: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos)
      << "expected '" << needle << "' in: " << run.err;
  if (exitCode == 2) {
    EXPECT_NE(run.err.find("Try 'cumed-isosurface --help'."), std::string::npos) << run.err;
  }
  EXPECT_TRUE(run.out.empty()) << run.out;
}

fs::path WriteSphere(const fs::path& work) {
  WriteItkImage(SphereVolume<Int16Volume>({{15, 13, 11}}).GetPointer(), work / "in.mha");
  return work / "in.mha";
}

TEST(IsosurfaceAppErrors, CommandLineMistakesAreUsageErrors) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  ExpectFailure({"in.mha"}, work, 2, "give the surfaces: --iso");
  ExpectFailure({"--iso", "1", "--labels", "2", "in.mha"}, work, 2, "exclude each other");
  ExpectFailure({"--iso", "abc", "in.mha"}, work, 2, "--iso: 'abc' is not a finite number");
  ExpectFailure({"--iso", "1,,2", "in.mha"}, work, 2, "has an empty value");
  ExpectFailure({"--iso", "inf", "in.mha"}, work, 2, "not a finite number");
  ExpectFailure({"--iso", "1", "--iso", "2", "in.mha"}, work, 2, "given twice");
  // Every numeric option names itself and the value for NaN, inf and negatives.
  ExpectFailure({"--iso", "nan", "in.mha"}, work, 2, "--iso: 'nan' is not a finite number");
  ExpectFailure({"--labels", "1,-inf", "in.mha"}, work, 2, "--labels: '-inf' is not a finite");
  ExpectFailure({"--iso", "1", "--slabs", "nan", "in.mha"}, work, 2, "--slabs: 'nan' is not");
  ExpectFailure({"--iso", "1", "--gpus", "inf", "in.mha"}, work, 2, "--gpus: 'inf' is not");
  ExpectFailure({"--iso", "1", "--slabs", "-3", "in.mha"}, work, 2, "--slabs -3 is outside");
  ExpectFailure({"--iso", "1", "--threads", "-1", "in.mha"}, work, 2,
                "--threads -1 is outside 1..4096");
  ExpectFailure({"--iso", "1", "--threads", "1", "--threads", "2", "in.mha"}, work, 2,
                "option --threads is given twice");
  ExpectFailure({"--iso", "1", "--normals", "--no-normals", "in.mha"}, work, 2,
                "--normals and --no-normals exclude each other");
  ExpectFailure({"--iso", "1", "--gpus", "-1", "in.mha"}, work, 2, "--gpus -1 is outside 0..1024");
  ExpectFailure({"--iso", "1", "--slabs", "x", "in.mha"}, work, 2, "--slabs: 'x' is not");
  ExpectFailure({"--iso", "1", "--backend", "gpu", "in.mha"}, work, 2, "--backend");
  ExpectFailure({"--iso", "1", "--shrink", "in.mha"}, work, 2, "unknown option '--shrink'");
  ExpectFailure({"--iso", "1", "in.mha", "more.mha"}, work, 2, "expected one INPUT, got 2");
  ExpectFailure({"--iso", "1"}, work, 2, "expected one INPUT, got 0");
  ExpectFailure({"--iso", "1", "--output", "surface.obj", "in.mha"}, work, 2,
                "unsupported file type '.obj' (use .vtp, .stl or .ply)");
  ExpectFailure({"--iso", "1", "--png", "picture.jpg", "in.mha"}, work, 2, "end it in .png");
  EXPECT_FALSE(fs::exists(work / "surface.obj"));
}

TEST(IsosurfaceAppErrors, ExistingFilesAreReplacedOnlyWithForce) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  std::ofstream(work / "mine.vtp") << "keep me\n";
  ExpectFailure({"--iso", "500.5", "--output", "mine.vtp", "in.mha"}, work, 2,
                "--output 'mine.vtp' exists; --force replaces it");
  EXPECT_EQ(FileText(work / "mine.vtp"), "keep me\n");
  std::ofstream(work / "mine.png") << "keep me too\n";
  ExpectFailure({"--iso", "500.5", "--output", "new.stl", "--png", "mine.png", "in.mha"}, work, 2,
                "--png 'mine.png' exists");
  EXPECT_EQ(FileText(work / "mine.png"), "keep me too\n");
  EXPECT_FALSE(fs::exists(work / "new.stl")) << "nothing is written before the checks pass";
  fs::create_directory(work / "folder.vtp");
  ExpectFailure({"--iso", "500.5", "--force", "--output", "folder.vtp", "in.mha"}, work, 2,
                "is an existing directory");
}

TEST(IsosurfaceAppErrors, OutputsNeverGoIntoTheInputSeries) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  const auto files = std::distance(fs::directory_iterator(phantom), {});
  ExpectFailure({"--iso", "300", "--output", (phantom / "bone.vtp").string(), phantom.string()},
                work, 2, "lies inside the input");
  EXPECT_EQ(std::distance(fs::directory_iterator(phantom), {}), files);
}

TEST(IsosurfaceAppErrors, InputProblemsAreRuntimeErrors) {
  const fs::path work = FreshWorkDirectory();
  ExpectFailure({"--iso", "1", "absent.mha"}, work, 1, "INPUT 'absent.mha' does not exist");
  std::ofstream(work / "notes.txt") << "not a volume\n";
  ExpectFailure({"--iso", "1", "notes.txt"}, work, 1,
                "neither a DICOM series directory nor a volume file of a supported type");
  std::ofstream(work / "broken.mha") << "not a MetaImage\n";
  ExpectFailure({"--iso", "1", "broken.mha"}, work, 1, "broken.mha");
  std::ofstream(work / "broken.vti") << "<VTKFile nonsense\n";
  ExpectFailure({"--iso", "1", "broken.vti"}, work, 1, "cannot read INPUT 'broken.vti'");

  auto flat = itk::Image<std::int16_t, 2>::New();
  flat->SetRegions(itk::Size<2>{{12, 9}});
  flat->Allocate(true);
  WriteItkImage(flat.GetPointer(), work / "flat.mha");
  ExpectFailure({"--iso", "1", "--output", "flat.vtp", "flat.mha"}, work, 1,
                "is a 2D image; an isosurface needs a 3D volume");
  WriteItkImage(SphereVolume<Int16Volume>({{15, 13, 1}}).GetPointer(), work / "slice.mha");
  ExpectFailure({"--iso", "1", "slice.mha"}, work, 1, "a single slice along z");
  EXPECT_FALSE(fs::exists(work / "flat.vtp"));
}

TEST(IsosurfaceAppErrors, AnEmptySurfaceIsAnErrorAndWritesNothing) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  ExpectFailure({"--iso", "5000", "--output", "none.vtp", "in.mha"}, work, 1,
                "the surface is empty: no isovalue of --iso lies within the volume");
  ExpectFailure({"--labels", "9", "--output", "none.vtp", "in.mha"}, work, 1,
                "no label of --labels is a value of the volume");
  EXPECT_FALSE(fs::exists(work / "none.vtp"));
}

// Named without "Cuda" on purpose: this case belongs to the CPU run (it needs no GPU).
TEST(IsosurfaceAppErrors, GpuBackendWithoutDeviceIsARuntimeError) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  ExpectFailure({"--iso", "500.5", "--backend", "cuda", "--output", "s.vtp", "in.mha"}, work, 1,
                "--backend cuda: ");
  EXPECT_FALSE(fs::exists(work / "s.vtp"));
}

TEST(IsosurfaceAppHelp, HelpGoesToStdoutWithExitZero) {
  const fs::path work = FreshWorkDirectory();
  const RunResult run = RunIsosurface({"--help"}, work);
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.out.rfind("Usage: cumed-isosurface", 0), 0u) << run.out;
  EXPECT_TRUE(run.err.empty()) << run.err;
}

} // namespace

// Finding 5 (all programs): --output or --png as a symbolic link (to the input or to any file) or
// as a second hard link is refused even with --force, and so is an .mhd input's data file; the
// files they lead to keep their bytes.
TEST(IsosurfaceAppErrors, OutputsNeverGoThroughLinksOrOverInputData) {
  const fs::path work = FreshWorkDirectory();
  const std::string input = FileText(WriteSphere(work));
  std::ofstream(work / "victim.stl") << "someone else's file\n";
  fs::create_symlink("in.mha", work / "to-input.vtp");
  ExpectFailure({"--iso", "500.5", "--force", "--output", "to-input.vtp", "in.mha"}, work, 2,
                "--output 'to-input.vtp' would overwrite the input file 'in.mha'");
  fs::create_symlink("victim.stl", work / "to-victim.stl");
  ExpectFailure({"--iso", "500.5", "--force", "--output", "to-victim.stl", "in.mha"}, work, 2,
                "--output 'to-victim.stl' is a symbolic link (to 'victim.stl')");
  fs::create_hard_link(work / "victim.stl", work / "second-name.png");
  ExpectFailure({"--iso", "500.5", "--force", "--png", "second-name.png", "in.mha"}, work, 2,
                "--png 'second-name.png' has 2 hard links");
  EXPECT_EQ(FileText(work / "in.mha"), input);
  EXPECT_EQ(FileText(work / "victim.stl"), "someone else's file\n");

  // An .mhd whose data file has a space in its name and the extension of an output.
  WriteItkImage(SphereVolume<Int16Volume>({{15, 13, 11}}).GetPointer(), work / "b.mhd");
  const fs::path data = fs::exists(work / "b.zraw") ? work / "b.zraw" : work / "b.raw";
  fs::rename(data, work / "my data.stl");
  std::ifstream header(work / "b.mhd");
  std::string text, line;
  while (std::getline(header, line)) {
    text += line.rfind("ElementDataFile", 0) == 0 ? "ElementDataFile = my data.stl" : line;
    text += "\n";
  }
  std::ofstream(work / "b.mhd") << text;
  const std::string bytes = FileText(work / "my data.stl");
  ExpectFailure({"--iso", "500.5", "--force", "--output", "my data.stl", "b.mhd"}, work, 2,
                "--output 'my data.stl' would overwrite the input file");
  EXPECT_EQ(FileText(work / "my data.stl"), bytes);
}

// Finding 12 (all programs): SIGTERM or SIGINT once the surface is written under its temporary
// name leaves nothing (the directory the run made included); SIGKILL only the hidden staging
// directory.
TEST(IsosurfaceAppErrors, InterruptedRunLeavesNoSurface) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  const fs::path capture = work.parent_path() / (work.filename().string() + ".capture");
  const std::string program = cumed::apptest::Setting("CUMED_ISOSURFACE", CUMED_ISOSURFACE_EXE);
  for (const int signal : {SIGTERM, SIGINT, SIGKILL}) {
    cumed::apptest::BackgroundProgram run(
        program, {"--iso", "500.5", "--output", "out/s.stl", "in.mha"}, work, capture, "run",
        {{"CUMED_TEST_COMMIT_DELAY_S", "60"}});
    ASSERT_TRUE(run.WaitForStderr("CUMED_TEST_COMMIT_DELAY_S: outputs staged", 60));
    run.Signal(signal);
    EXPECT_EQ(run.Wait().signal, signal);
    if (signal == SIGKILL) {
      EXPECT_EQ(cumed::apptest::DirectoryNames(work / "out"),
                std::set<std::string>{".cumed-partial-" + std::to_string(run.pid()) + "-0"});
    } else {
      EXPECT_EQ(cumed::apptest::DirectoryNames(work), std::set<std::string>{"in.mha"})
          << "signal " << signal << " left output behind";
    }
  }
}
