// cumed-isosurface's options for scripts: --version, --json (valid, escaped, the numbers of the
// text summary), --quiet and --verbose, --threads, --force with files renamed into place, and the
// warnings for labels not in the volume and for more GPUs than are usable.
#include "IsosurfaceAppSupport.h"
#include "JsonValue.h"

#include "cumed/core/Config.h"
#include "cumed/core/Device.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using cumed::apptest::JsonValue;
using cumed::apptest::ParseJson;
using namespace cumed::isosurfacetest;

namespace {

fs::path WriteSphere(const fs::path& work) {
  WriteItkImage(SphereVolume<Int16Volume>({{15, 13, 11}}).GetPointer(), work / "in.mha");
  return work / "in.mha";
}

std::vector<std::string> Names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(IsosurfaceAppTools, VersionNamesTheReleaseAndTheDevices) {
  const RunResult run = RunIsosurface({"--version"}, FreshWorkDirectory());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out.rfind(std::string("cumed-isosurface ") + CUMED_VERSION + "\n", 0), 0u)
      << run.out;
  EXPECT_TRUE(Contains(run.out, CUMED_WITH_CUDA ? "CUDA backend: built\n"
                                                : "CUDA backend: not built (CPU-only build)\n"))
      << run.out;
  EXPECT_TRUE(Contains(run.out, cumed::DescribeDevices() + "\n")) << run.out;
}

TEST(IsosurfaceAppTools, JsonIsValidEscapedAndHoldsTheNumbersOfTheTextSummary) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  const RunResult text = RunIsosurface({"--iso", "500.5,700", "in.mha"}, work);
  ASSERT_EQ(text.exitCode, 0) << text.err;
  // A file name with a quote, a backslash and a tab must come back unchanged.
  const std::string name = "we\"ird\\\tname.vtp";
  const RunResult json =
      RunIsosurface({"--iso", "500.5,700", "--json", "--output", name, "in.mha"}, work);
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const JsonValue summary = ParseJson(json.out);
  EXPECT_EQ(summary["output"].text, name);
  EXPECT_TRUE(fs::exists(work / name));
  EXPECT_EQ(summary["png"].kind, JsonValue::Kind::Null);
  EXPECT_EQ(summary["triangles"].text, FieldOf(text.out, "triangles"));
  EXPECT_EQ(summary["points"].text, FieldOf(text.out, "points"));
  EXPECT_GT(summary["triangles"].number, 0);
  EXPECT_EQ(summary["backend"].text, FieldOf(text.out, "backend"));
  EXPECT_EQ(summary["pixel"].text, "int16");
  EXPECT_EQ(summary["normals"].kind, JsonValue::Kind::Bool);
  EXPECT_TRUE(summary["normals"].boolean);
  ASSERT_EQ(summary["iso"].items.size(), 2u);
  EXPECT_EQ(summary["iso"].items[0].number, 500.5);
  EXPECT_EQ(summary["iso"].items[1].number, 700);
  ASSERT_EQ(summary["size"].items.size(), 3u);
  EXPECT_EQ(summary["size"].items[0].number, 15);
  EXPECT_EQ(summary["spacing_mm"].items[2].number, 1.7);
  EXPECT_EQ(summary["time_s"]["contour"].kind, JsonValue::Kind::Number);
}

TEST(IsosurfaceAppTools, JsonRunThatFailsPrintsOnlyTheError) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  const RunResult run = RunIsosurface({"--iso", "5000", "--json", "in.mha"}, work);
  EXPECT_EQ(run.exitCode, 1);
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_EQ(run.err.rfind("cumed-isosurface: error: the surface is empty", 0), 0u) << run.err;
}

TEST(IsosurfaceAppTools, QuietHidesNotesAndVerboseShowsDebugLines) {
  const fs::path work = FreshWorkDirectory();
  WriteItkImage(SphereVolume<DoubleVolume>({{15, 13, 11}}).GetPointer(), work / "real.mha");
  const RunResult normal = RunIsosurface({"--iso", "500.5", "real.mha"}, work);
  ASSERT_EQ(normal.exitCode, 0) << normal.err;
  EXPECT_TRUE(Contains(normal.err, "cumed-isosurface: note: INPUT pixel type double"))
      << normal.err;
  const RunResult quiet = RunIsosurface({"--iso", "500.5", "--quiet", "real.mha"}, work);
  ASSERT_EQ(quiet.exitCode, 0) << quiet.err;
  EXPECT_TRUE(quiet.err.empty()) << quiet.err;
  EXPECT_EQ(quiet.out, normal.out.substr(0, normal.out.find(" time_s:")) +
                           quiet.out.substr(quiet.out.find(" time_s:")))
      << "the same summary";
  const RunResult verbose = RunIsosurface({"--iso", "500.5", "--verbose", "real.mha"}, work);
  ASSERT_EQ(verbose.exitCode, 0) << verbose.err;
  EXPECT_TRUE(Contains(verbose.err, "cumed-isosurface: debug: CuMed " CUMED_VERSION))
      << verbose.err;
  const RunResult both = RunIsosurface({"--iso", "1", "--quiet", "--verbose", "real.mha"}, work);
  EXPECT_EQ(both.exitCode, 2);
  EXPECT_TRUE(Contains(both.err, "--quiet and --verbose exclude each other")) << both.err;
}

TEST(IsosurfaceAppTools, OneThreadGivesTheSameSurfaceAndBadCountsAreUsageErrors) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  const RunResult many = RunIsosurface({"--iso", "500.5", "--output", "many.stl", "in.mha"}, work);
  const RunResult one =
      RunIsosurface({"--iso", "500.5", "--threads", "1", "--output", "one.stl", "in.mha"}, work);
  ASSERT_EQ(many.exitCode, 0) << many.err;
  ASSERT_EQ(one.exitCode, 0) << one.err;
  EXPECT_EQ(FieldOf(one.out, "triangles"), FieldOf(many.out, "triangles"));
  EXPECT_EQ(fs::file_size(work / "one.stl"), fs::file_size(work / "many.stl"));
  for (const std::string value : {"0", "abc", "99999"}) {
    const RunResult bad = RunIsosurface({"--iso", "1", "--threads", value, "in.mha"}, work);
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
    EXPECT_TRUE(Contains(bad.err, "--threads")) << bad.err;
    EXPECT_TRUE(Contains(bad.err, value)) << bad.err;
  }
}

TEST(IsosurfaceAppTools, ForceReplacesTheFileOnlyOnceTheNewOneIsComplete) {
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  std::ofstream(work / "s.stl") << "old\n";
  const RunResult refused = RunIsosurface({"--iso", "500.5", "--output", "s.stl", "in.mha"}, work);
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_TRUE(Contains(refused.err, "--output 's.stl' exists; --force replaces it")) << refused.err;
  EXPECT_EQ(fs::file_size(work / "s.stl"), 4u);

  const RunResult forced =
      RunIsosurface({"--iso", "500.5", "--force", "--output", "s.stl", "in.mha"}, work);
  ASSERT_EQ(forced.exitCode, 0) << forced.err;
  EXPECT_EQ(fs::file_size(work / "s.stl"),
            84u + 50u * std::stoull(FieldOf(forced.out, "triangles")));
  EXPECT_EQ((Names(work)), (std::vector<std::string>{"in.mha", "s.stl"})) << "no temporary files";

  // A failing run with --force leaves the old file as it was.
  const RunResult failing =
      RunIsosurface({"--iso", "5000", "--force", "--output", "s.stl", "in.mha"}, work);
  EXPECT_EQ(failing.exitCode, 1);
  EXPECT_EQ(fs::file_size(work / "s.stl"),
            84u + 50u * std::stoull(FieldOf(forced.out, "triangles")));
}

TEST(IsosurfaceAppTools, LabelsNotInTheVolumeAreNamedInAWarning) {
  const fs::path work = FreshWorkDirectory();
  WriteItkImage(TwoBallLabels().GetPointer(), work / "labels.nrrd");
  const RunResult run = RunIsosurface({"--labels", "1,9,2", "labels.nrrd"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err,
            "cumed-isosurface: warning: --labels: label 9 does not occur in the volume; it has no "
            "surface\n");
  EXPECT_GT(std::stoll(FieldOf(run.out, "triangles")), 0);
  const RunResult all = RunIsosurface({"--labels", "1,2", "labels.nrrd"}, work);
  EXPECT_TRUE(all.err.empty()) << all.err;
  EXPECT_EQ(RunIsosurface({"--labels", "1,9", "--quiet", "labels.nrrd"}, work).err, "");
}

TEST(IsosurfaceAppTools, MoreGpusThanUsableWarnsAndRuns) {
  const cumed::DeviceProbeResult& probe = cumed::ProbeDevices();
  const int usable = probe.usable ? static_cast<int>(probe.devices.size()) : 0;
  const int asked = usable + 3;
  const fs::path work = FreshWorkDirectory();
  WriteSphere(work);
  const RunResult run =
      RunIsosurface({"--iso", "500.5", "--gpus", std::to_string(asked), "in.mha"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(Contains(run.err, "warning: --gpus " + std::to_string(asked) +
                                    " asks for more CUDA devices than the " +
                                    std::to_string(usable) + " usable here"))
      << run.err;
  EXPECT_GT(std::stoll(FieldOf(run.out, "triangles")), 0);
  if (usable > 0) EXPECT_EQ(FieldOf(run.out, "gpus"), std::to_string(usable)) << run.out;
}

} // namespace
