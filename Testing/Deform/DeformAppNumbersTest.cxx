// cumed-deform and hostile numbers (issue 25): --amplitude 1e300 and keyframe displacements of
// 1e39 wrote inf/NaN points with exit 0; now the library's ranges refuse them naming the option
// or the keyframe, and random extreme amplitudes are refused by name or give finite points.
#include "DeformAppSupport.h"

#include <gtest/gtest.h>

#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataReader.h>

#include <cmath>
#include <fstream>
#include <random>

namespace {

using namespace cumed;
using namespace cumed::deformtest;
namespace fs = std::filesystem;

/// Non-finite coordinates among the points of `file` (-1 when it has none or cannot be read).
long long NonFinitePoints(const fs::path& file) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  vtkPoints* points = reader->GetOutput()->GetPoints();
  if (!points || points->GetNumberOfPoints() == 0) return -1;
  long long bad = 0;
  for (vtkIdType i = 0; i < points->GetNumberOfPoints(); ++i) {
    double p[3];
    points->GetPoint(i, p);
    for (const double c : p) bad += !std::isfinite(c);
  }
  return bad;
}

TEST(DeformAppNumbers, AmplitudeAndKeyframesThatOverflowAreRefused) {
  const fs::path dir = WorkDir("numbers");
  WriteSphere(dir / "sphere.vtp");
  const std::string mesh = (dir / "sphere.vtp").string();
  auto run = apptest::RunProgram(
      DeformExe(),
      {mesh, "--backend", "cpu", "--amplitude", "1e300", "--output", (dir / "out.vtp").string()},
      dir, "amplitude");
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("--amplitude = 1e+300 is outside -1000..1000"), std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir / "out.vtp"));

  std::ofstream keys(dir / "huge.json");
  keys << "{\"keyframes\": [{\"frame\": 0, \"displacements\": [[1e39,0,0]";
  for (int p = 1; p < 27; ++p) keys << ",[0,0,0]";
  keys << "]}]}";
  keys.close();
  run = apptest::RunProgram(DeformExe(),
                            {mesh, "--backend", "cpu", "--keyframes", (dir / "huge.json").string(),
                             "--output", (dir / "out.vtp").string()},
                            dir, "keyframes");
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("keyframe 0, displacement 0 x = 1e+39 is outside -1e+30..1e+30"),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir / "out.vtp"));
}

TEST(DeformAppNumbers, SeededExtremeAmplitudesAreRefusedByNameOrGiveFinitePoints) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  const char* values[] = {"0",
                          "-0",
                          "4.9e-324",
                          "1e-300",
                          "-1e300",
                          "1e300",
                          "nan",
                          "inf",
                          "-inf",
                          "999",
                          "-1000",
                          "1e39",
                          "18446744073709551617"};
  const fs::path dir = WorkDir("numbers-random");
  WriteSphere(dir / "sphere.vtp", 8, 12);
  const std::string mesh = (dir / "sphere.vtp").string();
  for (int i = 0; i < 5; ++i) {
    const std::string value = values[random() % std::size(values)];
    const std::string animation = random() % 2 ? "bend" : "squash";
    const auto run = apptest::RunProgram(DeformExe(),
                                         {mesh, "--backend", "cpu", "--animation", animation,
                                          "--frames", "4", "--amplitude", value, "--output",
                                          (dir / "out.vtp").string(), "--force"},
                                         dir, "random" + std::to_string(i));
    const std::string what = "seed " + std::to_string(seed) + ": --amplitude " + value + ": ";
    if (run.exitCode == 0) {
      EXPECT_EQ(NonFinitePoints(dir / "out.vtp"), 0) << what;
    } else {
      EXPECT_EQ(run.exitCode, 2) << what << run.err;
      EXPECT_NE(run.err.find("--amplitude"), std::string::npos) << what << run.err;
    }
  }
}

} // namespace
