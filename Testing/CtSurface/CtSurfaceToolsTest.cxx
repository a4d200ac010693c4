// cumed-ct-surface's options for scripts: --version, --json (valid, and the numbers of the text
// summary), --quiet, --threads, --force with files renamed into place, --output-prefix, --view,
// no directory left by a failed run, and the default input only inside the build tree.
#include "CtSurfaceTestPaths.h"
#include "JsonValue.h"
#include "ProgramRun.h"
#include "cumed/core/Config.h"
#include "cumed/core/Device.h"

#include <gtest/gtest.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using cumed::apptest::JsonValue;
using cumed::apptest::ParseJson;
using cumed::apptest::RunResult;

namespace {

using cumed::ctsurfacetest::PhantomDir;
using cumed::ctsurfacetest::Program;

// A new, empty directory for the current test.
fs::path FreshDir() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(CUMED_SMOKE_WORK_DIR) / "tools" / test->name();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

RunResult RunCtSurface(const std::vector<std::string>& arguments, const fs::path& dir) {
  return cumed::apptest::RunProgram(Program(), arguments, dir, "run", dir);
}

std::string FileText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// "key=VALUE" of the text summary.
std::string Field(const std::string& summary, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(summary, match, std::regex(" " + key + "=([^ \n]*)"))) return "";
  return match[1];
}

std::vector<std::string> Names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

// Width / height of the box around the pixels unlike the background (the corner pixel).
double ForegroundAspect(const fs::path& png, int& width, int& height) {
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(png.string().c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  int dims[3];
  image->GetDimensions(dims);
  width = dims[0];
  height = dims[1];
  const auto* corner = static_cast<unsigned char*>(image->GetScalarPointer(0, 0, 0));
  int x0 = dims[0], x1 = -1, y0 = dims[1], y1 = -1;
  for (int y = 0; y < dims[1]; ++y) {
    for (int x = 0; x < dims[0]; ++x) {
      const auto* p = static_cast<unsigned char*>(image->GetScalarPointer(x, y, 0));
      if (std::abs(p[0] - corner[0]) + std::abs(p[1] - corner[1]) + std::abs(p[2] - corner[2]) >
          12) {
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      }
    }
  }
  return x1 < x0 ? 0.0 : double(x1 - x0 + 1) / double(y1 - y0 + 1);
}

vtkIdType Triangles(const fs::path& vtp) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(vtp.string().c_str());
  reader->Update();
  return reader->GetOutput()->GetNumberOfPolys();
}

} // namespace

TEST(CtSurfaceTools, VersionNamesTheReleaseTheBackendAndTheDevices) {
  const RunResult run = RunCtSurface({"--version"}, FreshDir());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const std::string expected =
      std::string("cumed-ct-surface ") + CUMED_VERSION + "\n" +
      (CUMED_WITH_CUDA ? "CUDA backend: built\n" : "CUDA backend: not built (CPU-only build)\n") +
      cumed::DescribeDevices() + "\n";
  EXPECT_EQ(run.out, expected);
  EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(CtSurfaceTools, JsonHoldsTheNumbersOfTheTextSummaryAndQuietPrintsNothingElse) {
  const fs::path dir = FreshDir();
  const std::vector<std::string> common{"--iso", "300", "--radius-mm", "2", "--no-png"};
  auto textArguments = common;
  textArguments.insert(textArguments.end(), {"--output-dir", "text", PhantomDir()});
  const RunResult text = RunCtSurface(textArguments, dir);
  ASSERT_EQ(text.exitCode, 0) << text.err;
  auto jsonArguments = common;
  jsonArguments.insert(jsonArguments.end(), {"--output-dir", "json", "--json", "--quiet",
                                             "--threads", "1", PhantomDir()});
  const RunResult json = RunCtSurface(jsonArguments, dir);
  ASSERT_EQ(json.exitCode, 0) << json.err;
  EXPECT_TRUE(json.err.empty()) << "--quiet printed: " << json.err;

  const JsonValue summary = ParseJson(json.out); // throws (fails the test) on invalid JSON
  EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 1) << "one line";
  EXPECT_EQ(summary["program"].text, "cumed-ct-surface");
  for (const char* key : {"slices", "voxels", "voxels_ge_iso", "triangles", "points"}) {
    EXPECT_EQ(summary[key].kind, JsonValue::Kind::Number) << key;
    EXPECT_EQ(summary[key].text, Field(text.out, key)) << key;
  }
  EXPECT_GT(summary["triangles"].number, 10000);
  EXPECT_EQ(summary["triangles"].number, Triangles(dir / "json" / "surface.vtp"));
  EXPECT_NEAR(summary["volume_mm3"].number, std::stod(Field(text.out, "volume_mm3")), 0.05);
  EXPECT_EQ(summary["iso"].number, 300);
  EXPECT_EQ(summary["closing"].text, Field(text.out, "closing"));
  EXPECT_EQ(summary["contour"].text, Field(text.out, "contour"));
  EXPECT_EQ(summary["backend"].text, Field(text.out, "backend"));
  ASSERT_EQ(summary["size"].items.size(), 3u);
  EXPECT_EQ(std::to_string(int(summary["size"].items[0].number)) + "x" +
                std::to_string(int(summary["size"].items[1].number)) + "x" +
                std::to_string(int(summary["size"].items[2].number)),
            Field(text.out, "size"));
  for (const char* stage : {"read", "closing", "contour", "write", "render", "total"}) {
    EXPECT_EQ(summary["time_s"][stage].kind, JsonValue::Kind::Number) << stage;
  }
  EXPECT_EQ(summary["files"]["vtp"].text, "json/surface.vtp");
  EXPECT_EQ(summary["files"]["png"].kind, JsonValue::Kind::Null);
  EXPECT_EQ(summary["render"].kind, JsonValue::Kind::Null) << "no picture with --no-png";
}

TEST(CtSurfaceTools, ThreadsMustBeAPositiveWholeNumber) {
  const fs::path dir = FreshDir();
  for (const std::string value : {"0", "abc", "-3", "1.5", ""}) {
    const RunResult run =
        RunCtSurface({"--threads", value, "--output-dir", "out", PhantomDir()}, dir);
    EXPECT_EQ(run.exitCode, 2) << value << ": " << run.err;
    EXPECT_NE(run.err.find("--threads"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(value), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());
  }
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(CtSurfaceTools, ExistingFilesAreReplacedOnlyWithForce) {
  const fs::path dir = FreshDir();
  fs::create_directories(dir / "out");
  std::ofstream(dir / "out" / "surface.stl") << "keep me\n";
  const std::vector<std::string> run{"--output-dir", "out", "--no-png",
                                     "--radius-mm",  "0",   PhantomDir()};
  const RunResult refused = RunCtSurface(run, dir);
  EXPECT_EQ(refused.exitCode, 2) << refused.err;
  EXPECT_NE(refused.err.find("'out/surface.stl' exists; --force replaces it"), std::string::npos)
      << refused.err;
  EXPECT_EQ(FileText(dir / "out" / "surface.stl"), "keep me\n");
  EXPECT_EQ(Names(dir / "out"), std::vector<std::string>{"surface.stl"}) << "nothing written";

  auto forced = run;
  forced.insert(forced.begin(), "--force");
  const RunResult replaced = RunCtSurface(forced, dir);
  ASSERT_EQ(replaced.exitCode, 0) << replaced.err;
  const auto triangles = std::stoll(Field(replaced.out, "triangles"));
  EXPECT_EQ(fs::file_size(dir / "out" / "surface.stl"), 84u + 50u * triangles) << "a binary STL";
  EXPECT_EQ((Names(dir / "out")), (std::vector<std::string>{"surface.stl", "surface.vtp"}))
      << "no temporary files left";
}

TEST(CtSurfaceTools, AFailedRunRemovesTheDirectoryItCreatedButNotTheUsers) {
  const fs::path dir = FreshDir();
  const RunResult fresh =
      RunCtSurface({"--iso", "30000", "--output-dir", "new/deeper", PhantomDir()}, dir);
  EXPECT_EQ(fresh.exitCode, 1) << fresh.err;
  EXPECT_NE(fresh.err.find("--iso 30000 HU: closed surface: no voxel reaches value 30000"),
            std::string::npos)
      << fresh.err;
  EXPECT_FALSE(fs::exists(dir / "new")) << "the directories it created are removed";

  fs::create_directories(dir / "mine");
  const RunResult existing =
      RunCtSurface({"--iso", "30000", "--output-dir", "mine", PhantomDir()}, dir);
  EXPECT_EQ(existing.exitCode, 1) << existing.err;
  EXPECT_TRUE(fs::is_directory(dir / "mine")) << "the user's own directory stays";
}

TEST(CtSurfaceTools, DefaultInputOnlyFromTheBuildTreeAndOutputPrefixNamesTheFiles) {
  if (std::getenv("CUMED_CT_SURFACE")) GTEST_SKIP() << "testing a program outside the build";
  const fs::path dir = FreshDir();
  const RunResult built = RunCtSurface(
      {"--output-dir", "out", "--output-prefix", "bone", "--no-png", "--radius-mm", "0"}, dir);
  ASSERT_EQ(built.exitCode, 0) << built.err;
  EXPECT_EQ((Names(dir / "out")), (std::vector<std::string>{"bone.stl", "bone.vtp"}));

  // The same program elsewhere (as installed) has no default series.
  fs::copy_file(Program(), dir / "cumed-ct-surface");
  const RunResult elsewhere = cumed::apptest::RunProgram(
      (dir / "cumed-ct-surface").string(), {"--output-dir", "out2"}, dir, "copy", dir);
  EXPECT_EQ(elsewhere.exitCode, 2) << elsewhere.err;
  EXPECT_NE(elsewhere.err.find("no DICOM_DIR given"), std::string::npos) << elsewhere.err;
  EXPECT_FALSE(fs::exists(dir / "out2"));

  const RunResult badPrefix = RunCtSurface({"--output-prefix", "a/b", PhantomDir()}, dir);
  EXPECT_EQ(badPrefix.exitCode, 2);
  EXPECT_NE(badPrefix.err.find("--output-prefix: 'a/b'"), std::string::npos) << badPrefix.err;
}

TEST(CtSurfaceTools, ViewsPointTheCameraFromTheNamedSide) {
  const fs::path dir = FreshDir();
  const RunResult bad = RunCtSurface({"--view", "inferior", PhantomDir()}, dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--view: unknown view 'inferior'"), std::string::npos) << bad.err;

  // The body (-500 HU) from above: wider (left-right) than deep (front-back). From the left:
  // front-back across, and taller (120 slices x 2.5 mm) than deep.
  double aspect[2];
  const char* views[2] = {"superior", "left"};
  for (int v = 0; v < 2; ++v) {
    const RunResult run =
        RunCtSurface({"--view", views[v], "--iso", "-500", "--radius-mm", "0", "--png-size",
                      "200x200", "--output-dir", views[v], PhantomDir()},
                     dir);
    ASSERT_EQ(run.exitCode, 0) << views[v] << ": " << run.err;
    int width = 0, height = 0;
    aspect[v] = ForegroundAspect(dir / views[v] / "surface.png", width, height);
    EXPECT_EQ(width, 200);
    EXPECT_EQ(height, 200);
    std::cout << views[v] << ": foreground width/height " << aspect[v] << "\n";
  }
  EXPECT_GT(aspect[0], 1.1) << "superior view";
  EXPECT_LT(aspect[1], 0.95) << "left view";
}
