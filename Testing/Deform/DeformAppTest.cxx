// cumed-deform as a user runs it: a mesh file and a keyframes file that move the whole lattice
// by an affine map give a last frame equal to that map of the mesh (CPU; and CUDA where a device
// is usable, in the *Cuda* suite); built-in animations run and report; --json is valid JSON;
// bad command lines exit 2, bad meshes and keyframes exit 1, each with a message naming the
// problem.
#include "DeformAppSupport.h"
#include "JsonValue.h"
#include "ProgramRun.h"

#include "cumed/deformation/Lattice.h"
#include "cumed/deformation/SampleMeshes.h"
#include "cumed/test/Backends.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <gtest/gtest.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataReader.h>
#include <vtkXMLPolyDataWriter.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cumed;
using cumed::apptest::RunProgram;
using namespace cumed::deformtest;
namespace fs = std::filesystem;

namespace {

/// Keyframes that move every control point of `lattice` by x -> A x + b at frame 1 (frame 0: rest).
void WriteAffineKeyframes(const fs::path& file, const deformation::Lattice& lattice,
                          const double a[9], const double b[3], int count) {
  const std::vector<double> rest = lattice.restPoints();
  std::ofstream out(file);
  out.precision(17);
  out << "{\"keyframes\": [{\"frame\": 0, \"displacements\": [";
  for (int p = 0; p < count; ++p) out << (p ? "," : "") << "[0,0,0]";
  out << "]}, {\"frame\": 1, \"displacements\": [";
  for (int p = 0; p < count; ++p) {
    const double* x = rest.data() + 3 * (p % lattice.numberOfControlPoints());
    out << (p ? "," : "") << "[";
    for (int r = 0; r < 3; ++r)
      out << (r ? "," : "")
          << a[3 * r] * x[0] + a[3 * r + 1] * x[1] + a[3 * r + 2] * x[2] + b[r] - x[r];
    out << "]";
  }
  out << "]}]}";
}

std::vector<float> ReadPoints(const fs::path& file) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  vtkPoints* points = reader->GetOutput()->GetPoints();
  std::vector<float> out;
  if (!points) return out;
  for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p)
    for (int c = 0; c < 3; ++c) out.push_back(float(points->GetPoint(p)[c]));
  return out;
}

void CheckAffineLastFrame(const std::string& backend, const std::string& tag) {
  const fs::path dir = WorkDir(tag);
  const SurfaceMesh mesh = WriteSphere(dir / "sphere.vtp");
  const deformation::Lattice lattice =
      deformation::LatticeAroundBounds(deformation::MeshBounds(mesh), {3, 4, 3}, 0.05);
  const double a[9] = {1.1, 0.2, 0, -0.1, 0.9, 0.3, 0, 0.1, 1.2}, b[3] = {0.5, -1, 2};
  WriteAffineKeyframes(dir / "keys.json", lattice, a, b, 36);
  const auto run = RunProgram(DeformExe(),
                              {(dir / "sphere.vtp").string(), "--lattice", "3x4x3", "--keyframes",
                               (dir / "keys.json").string(), "--frames", "2", "--backend", backend,
                               "--output", (dir / "last.vtp").string(), "--json", "--quiet"},
                              dir, "run");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(run.err.empty()) << run.err; // --quiet: no progress, no notes
  const auto json = apptest::ParseJson(run.out);
  EXPECT_EQ(json["program"].text, "cumed-deform"); // as in every program's summary
  EXPECT_EQ(json["backend"].text, backend);
  EXPECT_EQ(json["frames"].number, 2);
  EXPECT_EQ(json["points"].number, mesh.numberOfPoints());
  const std::vector<float> points = ReadPoints(dir / "last.vtp");
  ASSERT_EQ(points.size(), mesh.points.size());
  for (std::int64_t p = 0; p < mesh.numberOfPoints(); ++p) {
    const float* x = mesh.points.data() + 3 * p;
    for (int r = 0; r < 3; ++r)
      ASSERT_NEAR(points[3 * p + r],
                  a[3 * r] * x[0] + a[3 * r + 1] * x[1] + a[3 * r + 2] * x[2] + b[r], 1e-5 * 4)
          << "point " << p;
  }
}

TEST(DeformApp, KeyframesOfAnAffineMapMoveTheMeshByIt) {
  CheckAffineLastFrame("cpu", "affine-cpu");
}

TEST(DeformAppCuda, KeyframesOfAnAffineMapMoveTheMeshByIt) {
  CUMED_SKIP_WITHOUT_CUDA();
  CheckAffineLastFrame("cuda", "affine-cuda");
}

TEST(DeformApp, BuiltInAnimationsRunAndReport) {
  const fs::path dir = WorkDir("animations");
  WriteSphere(dir / "sphere.vtp");
  for (const char* animation : {"twist", "bend", "squash", "breathe"}) {
    const auto run = RunProgram(DeformExe(),
                                {(dir / "sphere.vtp").string(), "--animation", animation,
                                 "--frames", "5", "--backend", "cpu", "--lattice", "4"},
                                dir, animation);
    ASSERT_EQ(run.exitCode, 0) << animation << ": " << run.err;
    EXPECT_NE(run.out.find("lattice=4x4x4"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("frames=5"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("fps="), std::string::npos) << run.out;
  }
}

TEST(DeformApp, BadCommandLinesMeshesAndKeyframesAreRefused) {
  const fs::path dir = WorkDir("errors");
  WriteSphere(dir / "sphere.vtp");
  const std::string mesh = (dir / "sphere.vtp").string();
  struct Case {
    std::vector<std::string> arguments;
    int exitCode;
    std::string message;
  };
  std::ofstream(dir / "short.json")
      << R"({"keyframes": [{"frame": 0, "displacements": [[0,0,0],[1,2,3]]}]})";
  std::string zeros = "[0,0,0]";
  for (int p = 1; p < 27; ++p) zeros += ",[0,0,0]";
  std::ofstream(dir / "order.json")
      << "{\"keyframes\": [{\"frame\": 3, \"displacements\": [" << zeros
      << "]}, {\"frame\": 1, \"displacements\": [" << zeros << "]}]}";
  std::ofstream(dir / "broken.json") << "{\"keyframes\": [";
  std::ofstream(dir / "mesh.xyz") << "0 0 0\n";
  const std::vector<Case> cases = {
      {{}, 2, "expected one mesh file"},
      {{mesh, "--animation", "wobble"}, 2, "'wobble' is not one of twist, bend, squash, breathe"},
      {{mesh, "--lattice", "3x3"}, 2, "--lattice: '3x3' is not N or LxMxN"},
      {{mesh, "--frames", "0"}, 2, "--frames: '0' is not a whole number in 1..1000000"},
      {{mesh, "--threads-per-block", "2000"}, 2, "--threads-per-block"},
      {{mesh, "--animation", "bend", "--keyframes", "k.json"}, 2, "exclude each other"},
      {{mesh, "--backend", "cpu", "--host-output"}, 2, "--host-output is for the CUDA backend"},
      {{mesh, "--output", (dir / "out.stl").string()}, 2, "only .vtp is written"},
      {{mesh, "--output", mesh, "--force"}, 2, "--output"},
      {{mesh, "--lattice", "1"}, 1, "1 control point(s) along S (degree 0)"},
      {{(dir / "missing.ply").string()}, 1, "missing.ply: no such file"},
      {{(dir / "mesh.xyz").string()}, 1, "extension '.xyz' is not one of"},
      {{mesh, "--backend", "cpu", "--keyframes", (dir / "short.json").string()},
       1,
       "keyframe 0 has 2 displacements; the 3x3x3 lattice has 27 control points"},
      {{mesh, "--backend", "cpu", "--keyframes", (dir / "order.json").string()},
       1,
       "keyframe 1: frame 1 does not follow frame 3"},
      {{mesh, "--backend", "cpu", "--keyframes", (dir / "broken.json").string()}, 1, "not JSON"},
      {{mesh, "--backend", "cpu", "--keyframes", (dir / "none.json").string()},
       1,
       "none.json: no such file"},
      // A directory is refused by name (a FIFO would be too, without waiting for a writer).
      {{mesh, "--backend", "cpu", "--keyframes", dir.string()},
       1,
       "is a directory, not a regular file"},
  };
  int index = 0;
  for (const Case& c : cases) {
    const auto run = RunProgram(DeformExe(), c.arguments, dir, "case" + std::to_string(index++));
    EXPECT_EQ(run.exitCode, c.exitCode) << c.message << "\n" << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
  }
  EXPECT_TRUE(fs::exists(mesh)) << "the input must never be replaced";
}

/// ../shared/data/ct/popi-phase00 beside the checkout, or empty.
fs::path RealCt() {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const fs::path ct =
      fs::path(source ? source : ".") / ".." / "shared" / "data" / "ct" / "popi-phase00";
  return fs::is_directory(ct) ? ct : fs::path();
}

void CheckCtIsosurface(const std::string& backend, bool onDevice) {
  const fs::path ct = RealCt();
  if (ct.empty()) GTEST_SKIP() << "../shared/data/ct/popi-phase00 not found beside the checkout";
  const fs::path dir = WorkDir("ct-" + backend);
  const auto run = RunProgram(
      DeformExe(),
      {ct.string(), "--iso", "300", "--frames", "3", "--backend", backend, "--json", "--quiet"},
      dir, "ct");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = apptest::ParseJson(run.out);
  EXPECT_TRUE(json["from_ct"].boolean);
  EXPECT_EQ(json["mesh_on_device"].boolean, onDevice);
  EXPECT_GT(json["triangles"].number, 100000);
  EXPECT_EQ(json["backend"].text, backend);
}

TEST(DeformApp, CtSeriesIsosurfaceIsDeformed) {
  CheckCtIsosurface("cpu", false);
  const fs::path ct = RealCt();
  if (ct.empty()) return;
  const auto run = RunProgram(DeformExe(), {ct.string(), "--iso", "30000", "--backend", "cpu"},
                              WorkDir("ct-empty"), "empty");
  EXPECT_EQ(run.exitCode, 1);
  EXPECT_NE(run.err.find("at --iso 30000 HU is empty"), std::string::npos) << run.err;
}

TEST(DeformAppCuda, CtSeriesIsosurfaceStaysOnTheDevice) {
  CUMED_SKIP_WITHOUT_CUDA();
  CheckCtIsosurface("cuda", true);
}

TEST(DeformApp, BunnyFromTheSharedData) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const fs::path bunny =
      fs::path(source ? source : ".") / ".." / "shared" / "data" / "mesh" / "stanford-bunny.obj";
  if (!fs::exists(bunny)) GTEST_SKIP() << "../shared/data/mesh/stanford-bunny.obj not found";
  const fs::path dir = WorkDir("bunny");
  const auto run =
      RunProgram(DeformExe(), {bunny.string(), "--frames", "3", "--backend", "cpu"}, dir, "bunny");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("points=35947"), std::string::npos) << run.out;
}

} // namespace
