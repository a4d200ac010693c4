// Tests of cumed-compare as a test suite runs it: it must fail when the output differs beyond the
// tolerances and name what differs, pass within them, and tell unreadable files (2) and skipped
// cases (77) apart from differences (1).
#include "CompareTestSupport.h"
#include "JsonValue.h"
#include "ProgramRun.h"
#include "cumed/core/Backend.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkXMLPolyDataWriter.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;
using cumed::apptest::RunProgram;
using cumed::apptest::RunResult;
using Volume = itk::Image<float, 3>;

using cumed::comparetest::Compare;
using cumed::comparetest::WorkDirectory;

// A 10x8x6 ramp; `changed` adds `delta` to voxel (3, 4, 5).
std::string WriteVolume(const fs::path& file, float delta = 0.0f, double spacing = 1.0) {
  auto image = Volume::New();
  image->SetRegions(Volume::SizeType{{10, 8, 6}});
  image->SetSpacing(spacing);
  image->Allocate();
  float* data = image->GetBufferPointer();
  for (int i = 0; i < 480; ++i) data[i] = static_cast<float>(i % 37);
  image->SetPixel({{3, 4, 5}}, image->GetPixel({{3, 4, 5}}) + delta);
  auto writer = itk::ImageFileWriter<Volume>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
  return file.string();
}

// A sphere of radius 10 mm, moved by `dx` mm along x.
std::string WriteSphere(const fs::path& file, double dx) {
  vtkNew<vtkSphereSource> sphere;
  sphere->SetRadius(10.0);
  sphere->SetThetaResolution(32);
  sphere->SetPhiResolution(32);
  vtkNew<vtkTransform> move;
  move->Translate(dx, 0.0, 0.0);
  vtkNew<vtkTransformPolyDataFilter> moved;
  moved->SetInputConnection(sphere->GetOutputPort());
  moved->SetTransform(move);
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputConnection(moved->GetOutputPort());
  writer->SetFileName(file.string().c_str());
  writer->Write();
  return file.string();
}

// A 64x48 RGB gradient; `shift` moves it right by one pixel, `spots` paints that many magenta
// pixels along the diagonal.
std::string WritePicture(const fs::path& file, int spots = 0, bool shift = false) {
  vtkNew<vtkImageData> picture;
  picture->SetDimensions(64, 48, 1);
  picture->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
  for (int y = 0; y < 48; ++y) {
    for (int x = 0; x < 64; ++x) {
      const int source = shift ? std::max(0, x - 1) : x;
      auto* p = static_cast<unsigned char*>(picture->GetScalarPointer(x, y, 0));
      p[0] = static_cast<unsigned char>(source * 4);
      p[1] = static_cast<unsigned char>(y * 5);
      p[2] = 40;
    }
  }
  for (int s = 0; s < spots; ++s) {
    auto* p = static_cast<unsigned char*>(picture->GetScalarPointer(10 + 4 * s, 5 + 3 * s, 0));
    p[0] = 255, p[1] = 0, p[2] = 255;
  }
  vtkNew<vtkPNGWriter> writer;
  writer->SetInputData(picture);
  writer->SetFileName(file.string().c_str());
  writer->Write();
  return file.string();
}

TEST(CompareDriver, OneVoxelBeyondToleranceDiffersAndIsNamed) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  const auto output = WriteVolume(work / "output.nrrd", 2.5f);
  RunResult run = Compare({"--tolerance-intensity", "1", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("1 of 480 voxels differ by more than 1 (allowed 0)"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("at (3, 4, 5): output"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("max |difference| 2.5 at (3, 4, 5)"), std::string::npos) << run.out;
  // Within tolerance by count or by intensity.
  run = Compare({"--tolerance-intensity", "1", "--tolerance-voxels", "1", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  run = Compare({"--tolerance-intensity", "2.5", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
}

TEST(CompareDriver, DifferentSpacingDiffers) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  const auto output = WriteVolume(work / "output.mha", 0.0f, 1.01);
  const RunResult run = Compare({output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("spacing differs by"), std::string::npos) << run.out;
}

TEST(CompareDriver, MeshMovedHalfMillimetre) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteSphere(work / "baseline.vtp", 0.0);
  const auto output = WriteSphere(work / "output.vtp", 0.5);
  RunResult run = Compare({"--tolerance-distance", "0.1", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("Hausdorff distance (point to triangle): 0.5"), std::string::npos)
      << run.out;
  run = Compare({"--tolerance-distance", "1.0", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  run = Compare({baseline, baseline}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
}

TEST(CompareDriver, PicturePixelsFraction) {
  const fs::path work = WorkDirectory();
  const auto baseline = WritePicture(work / "baseline.png");
  const auto output = WritePicture(work / "output.png", 5); // 5 of 3072 pixels: 0.0016
  const auto diff = (work / "diff.png").string();
  RunResult run = Compare(
      {"--tolerance-pixels-fraction", "0.01", "--diff-image", diff, output, baseline}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("5 of 3072 pixels differ"), std::string::npos) << run.out;
  EXPECT_TRUE(fs::is_regular_file(diff));
  run = Compare({"--tolerance-pixels-fraction", "0.001", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
}

TEST(CompareDriver, OnePixelShiftPassesTheShiftSearch) {
  const fs::path work = WorkDirectory();
  const auto baseline = WritePicture(work / "baseline.png");
  const auto output = WritePicture(work / "output.png", 0, true);
  // Only the last column has no match in the other picture: 48 of 3072 pixels.
  RunResult run = Compare({"--tolerance-pixels-fraction", "0.02", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  run = Compare({"--tolerance-pixels-fraction", "0.02", "--shift-radius", "0", output, baseline},
                work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
}

TEST(CompareDriver, UnreadableFilesAreNamed) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  RunResult run = Compare({(work / "missing.mha").string(), baseline}, work);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("cannot read '" + (work / "missing.mha").string() + "': no such file"),
            std::string::npos)
      << run.err;
  std::ofstream(work / "junk.vtp") << "not a mesh";
  run = Compare({(work / "junk.vtp").string(), (work / "junk.vtp").string()}, work);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("junk.vtp' as a mesh"), std::string::npos) << run.err;
  run = Compare({(work / "junk.vtp").string(), baseline}, work);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("is a mesh but"), std::string::npos) << run.err;
  run = Compare({"--tolerance-voxels", "many", baseline, baseline}, work);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--tolerance-voxels: 'many' is not a finite number"), std::string::npos)
      << run.err;
}

TEST(CompareDriver, RequiresCudaSkipsWithoutADevice) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  const RunResult run = Compare({"--requires-cuda", baseline, baseline}, work);
  EXPECT_EQ(run.exitCode, cumed::CudaUsable() ? 0 : 77) << run.out << run.err;
}

TEST(CompareDriver, TestModeRunsTheCommandFirst) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  const auto output = (work / "output.mha").string();
  WriteVolume(output, 9.0f); // stale: must be replaced, never compared
  RunResult run = Compare(
      {"--test", CMAKE_COMMAND, "-E", "copy", baseline, output, "--compare", output, baseline},
      work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  run = Compare({"--test", CMAKE_COMMAND, "-E", "false", "--compare", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("exited with status 1"), std::string::npos) << run.out;
  EXPECT_FALSE(fs::exists(output)); // deleted before the command ran
}

// Outputs (reliability.md): --diff-image never replaces an input, a link or a file of several
// names; it is replaced only by a complete picture.
TEST(CompareDriver, DiffImageIsNeverAnInputOrALink) {
  const fs::path work = WorkDirectory();
  const auto baseline = WritePicture(work / "baseline.png");
  const auto output = WritePicture(work / "output.png", 5);
  const std::string bytes = cumed::apptest::FileBytes(baseline);
  fs::create_symlink("baseline.png", work / "to-baseline.png");
  std::ofstream(work / "victim.png") << "someone else's file\n";
  fs::create_symlink("victim.png", work / "to-victim.png");
  fs::create_hard_link(work / "victim.png", work / "second-name.png");
  const std::vector<std::pair<std::string, std::string>> cases{
      {baseline, "would overwrite the input file"},
      {(work / "to-baseline.png").string(), "would overwrite the input file"},
      {(work / "to-victim.png").string(), "is a symbolic link"},
      {(work / "second-name.png").string(), "has 2 hard links"}};
  for (const auto& [diff, message] : cases) {
    const RunResult run = Compare({"--diff-image", diff, output, baseline}, work);
    EXPECT_EQ(run.exitCode, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("--diff-image '" + diff + "' " + message), std::string::npos) << run.err;
  }
  EXPECT_EQ(cumed::apptest::FileBytes(baseline), bytes);
  EXPECT_EQ(cumed::apptest::FileBytes(work / "victim.png"), "someone else's file\n");
}

// The program blocks SIGTERM for its cleanup thread; the --test command must not inherit that.
TEST(CompareDriver, TestCommandCanBeStoppedBySignals) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  const RunResult run = Compare(
      {"--test", "/bin/sh", "-c", "kill -TERM $$; exit 0", "--compare", baseline, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("was killed by signal 15"), std::string::npos) << run.out;
}

} // namespace

// The script options every CuMed program takes: --json gives the verdict and its numbers as one
// object with the exit status, --quiet only the verdict line, --version the version.
TEST(CompareDriver, ScriptOptions) {
  const fs::path work = WorkDirectory();
  const auto baseline = WriteVolume(work / "baseline.mha");
  const auto output = WriteVolume(work / "output.mha", 2.5f);
  RunResult run = Compare({"--json", "--threads", "1", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  const cumed::apptest::JsonValue verdict = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(verdict["status"].number, 1.0);
  EXPECT_EQ(verdict["kind"].text, "image");
  EXPECT_FALSE(verdict["within_tolerance"].boolean);
  EXPECT_EQ(verdict["measures"]["differing_voxels"].number, 1.0);
  EXPECT_EQ(verdict["measures"]["max_difference"].number, 2.5);
  EXPECT_EQ(verdict["measures"]["voxels"].number, 480.0);

  const auto sphere = WriteSphere(work / "sphere.vtp", 0.0);
  const auto moved = WriteSphere(work / "moved.vtp", 0.5);
  run = Compare({"--json", "--tolerance-distance", "1", moved, sphere}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  const cumed::apptest::JsonValue mesh = cumed::apptest::ParseJson(run.out);
  EXPECT_TRUE(mesh["within_tolerance"].boolean);
  EXPECT_NEAR(mesh["measures"]["hausdorff_distance_mm"].number, 0.5, 1e-3);
  EXPECT_EQ(mesh["measures"]["output_triangles"].number,
            mesh["measures"]["baseline_triangles"].number);

  run = Compare({"--quiet", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 1);
  EXPECT_EQ(run.out, "cumed-compare: DIFFERS beyond tolerance\n");

  run = Compare({"--version"}, work);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out.rfind("cumed-compare ", 0), 0u) << run.out;

  run = Compare({"--threads", "0", output, baseline}, work);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--threads"), std::string::npos) << run.err;
}
