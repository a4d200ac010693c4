// cumed-ct-surface's renderer on a thread of its own (the default) against --no-overlap (every
// stage after the other, the renderer on the main thread): the same files byte for byte (the
// picture pixel for pixel), the same summary numbers and copies, on the CPU backend and, where a
// device is usable, on CUDA (its picture drawn from the device mesh while the files are written).
#include "CtSurfaceTestPaths.h"
#include "ProgramRun.h"
#include "cumed/core/Backend.h"

#include <gtest/gtest.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using cumed::apptest::RunResult;

namespace {

using cumed::ctsurfacetest::PhantomDir;
using cumed::ctsurfacetest::Program;

fs::path FreshDir(const std::string& name) {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(CUMED_SMOKE_WORK_DIR) / "overlap" / test->name() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string Value(const std::string& summary, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(summary, match, std::regex(" " + key + "=([^ \n]*)"))) return "";
  return match[1];
}

RunResult Run(const std::string& backend, bool overlap, const fs::path& dir) {
  std::vector<std::string> arguments = {
      "--backend", backend, "--output-dir", (dir / "out").string(), "--png-size", "320x240"};
  if (!overlap) arguments.push_back("--no-overlap");
  arguments.push_back(PhantomDir());
  return cumed::apptest::RunProgram(Program(), arguments, dir, "run");
}

// Pixels of two PNG files that differ (-1 when either cannot be read or the sizes differ).
long DifferentPixels(const fs::path& a, const fs::path& b) {
  vtkNew<vtkPNGReader> readers[2];
  const fs::path files[2] = {a, b};
  vtkDataArray* pixels[2] = {nullptr, nullptr};
  for (int i = 0; i < 2; ++i) {
    if (!readers[i]->CanReadFile(files[i].c_str())) return -1;
    readers[i]->SetFileName(files[i].c_str());
    readers[i]->Update();
    pixels[i] = readers[i]->GetOutput()->GetPointData()->GetScalars();
    if (!pixels[i]) return -1;
  }
  if (pixels[0]->GetNumberOfTuples() != pixels[1]->GetNumberOfTuples() ||
      pixels[0]->GetNumberOfComponents() != pixels[1]->GetNumberOfComponents())
    return -1;
  long different = 0;
  for (vtkIdType t = 0; t < pixels[0]->GetNumberOfTuples(); ++t) {
    for (int c = 0; c < pixels[0]->GetNumberOfComponents(); ++c) {
      if (pixels[0]->GetComponent(t, c) != pixels[1]->GetComponent(t, c)) {
        ++different;
        break;
      }
    }
  }
  return different;
}

void ExpectSameRun(const std::string& backend) {
  const fs::path overlapDir = FreshDir("overlap");
  const fs::path serialDir = FreshDir("serial");
  const RunResult serial = Run(backend, false, serialDir);
  if (backend == "cuda") {
    if (serial.exitCode != 0 &&
        serial.err.find("cannot open an offscreen OpenGL render window") != std::string::npos)
      GTEST_SKIP() << "no EGL device here: " << serial.err;
    // On the host path (a context not on the CUDA device) the overlapped warm-up's host copy of
    // its tetrahedron may be counted with the closing's and contour's copies (rendering.md).
    if (serial.exitCode == 0 && Value(serial.out, "render_mesh") != "interop")
      GTEST_SKIP() << "no CUDA-OpenGL interop here: " << serial.out;
  }
  const RunResult overlapped = Run(backend, true, overlapDir);
  ASSERT_EQ(overlapped.exitCode, 0) << overlapped.err;
  ASSERT_EQ(serial.exitCode, 0) << serial.err;

  for (const char* name : {"surface.vtp", "surface.stl"}) {
    const std::string bytes = cumed::apptest::FileBytes(overlapDir / "out" / name);
    EXPECT_FALSE(bytes.empty()) << name;
    EXPECT_TRUE(bytes == cumed::apptest::FileBytes(serialDir / "out" / name))
        << name << " differs between the overlapped and the serial run";
  }
  EXPECT_EQ(DifferentPixels(overlapDir / "out" / "surface.png", serialDir / "out" / "surface.png"),
            0);
  // Nothing but the three files (no staging directory left behind).
  EXPECT_EQ(cumed::apptest::DirectoryNames(overlapDir / "out"),
            cumed::apptest::DirectoryNames(serialDir / "out"));
  EXPECT_EQ(cumed::apptest::DirectoryNames(overlapDir / "out").size(), 3u);

  for (const char* key : {"backend", "triangles", "points", "volume_mm3", "voxels_ge_iso",
                          "copies_up", "bytes_up", "copies_down", "bytes_down", "render_mesh",
                          "render_copies_up", "render_copies_down", "render_bytes_down"}) {
    EXPECT_EQ(Value(overlapped.out, key), Value(serial.out, key)) << key << "\n"
                                                                  << overlapped.out << serial.out;
    EXPECT_FALSE(Value(overlapped.out, key).empty()) << key;
  }
  // The time the main thread waited for the renderer: all of it when serial.
  const double serialRender = std::stod(Value(serial.out, "render"));
  const double serialWait = std::stod(Value(serial.out, "render_wait"));
  EXPECT_NEAR(serialWait, serialRender, 0.011) << serial.out;
  const double overlappedWait = std::stod(Value(overlapped.out, "render_wait"));
  const double overlappedTotal = std::stod(Value(overlapped.out, "total"));
  EXPECT_GE(overlappedWait, 0.0);
  EXPECT_LE(overlappedWait, overlappedTotal + 0.011) << overlapped.out;
  EXPECT_NE(Value(overlapped.out, "first_frame_ms"), "none");
  // The warm-up's part before the window opened: reported with the renderer's own thread only.
  EXPECT_TRUE(Value(serial.out, "warmup_device_ms").empty()) << serial.out;
  ASSERT_FALSE(Value(overlapped.out, "warmup_device_ms").empty()) << overlapped.out;
  EXPECT_LE(std::stod(Value(overlapped.out, "warmup_device_ms")),
            std::stod(Value(overlapped.out, "warmup_ms")) + 0.05);
}

TEST(CtSurfaceOverlap, CpuRunWritesTheSameFilesAsTheSerialRun) {
  ExpectSameRun("cpu");
}

// Headless, as on the GPU machine: the EGL device context, where the picture is drawn from the
// device mesh while the files are written.
TEST(CtSurfaceOverlap, CudaRunWritesTheSameFilesAsTheSerialRun) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device";
  const char* display = std::getenv("DISPLAY");
  const std::string saved = display ? display : "";
  unsetenv("DISPLAY");
  ExpectSameRun("cuda");
  if (display) setenv("DISPLAY", saved.c_str(), 1);
}

} // namespace
