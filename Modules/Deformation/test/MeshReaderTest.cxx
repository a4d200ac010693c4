// Meshes from files (cumed::meshio::ReadSurfaceMesh: CuMed's own .ply/.obj/.stl readers, VTK's
// for .vtp, then the bridge's FromVtkPolyData): Igea's triangle strips and the bunny's OBJ from ../shared/data/mesh (skipped
// when absent), STL and VTP files written at test time, polygons and strips triangulated with
// their orientation, and the errors.
#include "DeformationTestSupport.h"

#include "cumed/core/Error.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLWriter.h>
#include <vtkXMLPolyDataWriter.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace cumed;
using namespace cumed::deformationtest;

namespace {

std::filesystem::path TempDir() {
  auto dir =
      std::filesystem::temp_directory_path() / ("cumed-ffd-reader-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

void ExpectError(const std::string& path, const std::string& fragment) {
  try {
    meshio::ReadSurfaceMesh(path);
    ADD_FAILURE() << "no error for " << path;
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

/// (b - a) x (c - a) of triangle t.
std::array<double, 3> FaceNormal(const SurfaceMesh& m, std::int64_t t) {
  const float* a = m.points.data() + 3 * m.triangles[3 * t];
  const float* b = m.points.data() + 3 * m.triangles[3 * t + 1];
  const float* c = m.points.data() + 3 * m.triangles[3 * t + 2];
  const double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
  const double v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  return {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
}

TEST(MeshReader, IgeaStripsBecomeItsTriangles) {
  const auto path = SharedMesh("igea.ply");
  if (!path) GTEST_SKIP() << "../shared/data/mesh/igea.ply not found beside the checkout";
  const SurfaceMesh mesh = meshio::ReadSurfaceMesh(*path);
  EXPECT_EQ(mesh.numberOfPoints(), 134345);
  // The reference study's count; the strip joins (repeated points) are dropped.
  EXPECT_EQ(mesh.numberOfTriangles(), 268686);
  // A closed, consistently oriented surface: every edge is used once in each direction.
  std::int64_t unmatched = 0;
  std::map<std::pair<std::int64_t, std::int64_t>, int> edges;
  for (std::int64_t t = 0; t < mesh.numberOfTriangles(); ++t)
    for (int r = 0; r < 3; ++r) {
      const std::int64_t a = mesh.triangles[3 * t + r], b = mesh.triangles[3 * t + (r + 1) % 3];
      ++edges[{a, b}];
    }
  for (const auto& [edge, count] : edges)
    if (!edges.count({edge.second, edge.first})) ++unmatched;
  EXPECT_LT(unmatched, mesh.numberOfTriangles() / 100) << "edges without their reverse";
}

TEST(MeshReader, BunnyObj) {
  const auto path = SharedMesh("stanford-bunny.obj");
  if (!path) GTEST_SKIP() << "../shared/data/mesh/stanford-bunny.obj not found beside the checkout";
  const SurfaceMesh mesh = meshio::ReadSurfaceMesh(*path);
  EXPECT_EQ(mesh.numberOfPoints(), 35947);
  EXPECT_GT(mesh.numberOfTriangles(), 69000);
}

TEST(MeshReader, StlAndVtpWrittenByVtkReadBack) {
  const SurfaceMesh sphere = BumpySphere(12, 18, 0.1, 3);
  vtkNew<vtkPolyData> data;
  ToVtkPolyData(sphere, data);
  const auto dir = TempDir();
  vtkNew<vtkXMLPolyDataWriter> vtp;
  vtp->SetInputData(data);
  vtp->SetFileName((dir / "sphere.VTP").string().c_str()); // extensions in any case
  ASSERT_EQ(vtp->Write(), 1);
  const SurfaceMesh fromVtp = meshio::ReadSurfaceMesh((dir / "sphere.VTP").string());
  EXPECT_EQ(MaxDifference(fromVtp.points, sphere.points), 0.0);
  EXPECT_EQ(std::vector<std::int64_t>(fromVtp.triangles.begin(), fromVtp.triangles.end()),
            std::vector<std::int64_t>(sphere.triangles.begin(), sphere.triangles.end()));
  vtkNew<vtkSTLWriter> stl;
  stl->SetInputData(data);
  stl->SetFileName((dir / "sphere.stl").string().c_str());
  ASSERT_EQ(stl->Write(), 1);
  const SurfaceMesh fromStl = meshio::ReadSurfaceMesh((dir / "sphere.stl").string());
  EXPECT_EQ(fromStl.numberOfTriangles(), sphere.numberOfTriangles());
  std::filesystem::remove_all(dir);
}

TEST(MeshReader, PolygonsAndStripsAreTriangulatedKeepingTheirOrientation) {
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();                                        // converted to float
  for (int i = 0; i < 6; ++i) points->InsertNextPoint(i % 2, i / 2, 0); // a 2 x 3 grid in z = 0
  vtkNew<vtkCellArray> polys, strips;
  const vtkIdType quad[4] = {0, 1, 3, 2};
  polys->InsertNextCell(4, quad);
  const vtkIdType strip[6] = {0, 1, 2, 3, 4, 5}; // a zigzag of four triangles
  strips->InsertNextCell(6, strip);
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetPolys(polys);
  data->SetStrips(strips);
  const SurfaceMesh mesh = FromVtkPolyData(data);
  ASSERT_EQ(mesh.numberOfTriangles(), 2 + 4);
  EXPECT_EQ(mesh.points[3 * 5 + 1], 2.0f);
  const double z = FaceNormal(mesh, 0)[2];
  ASSERT_NE(z, 0);
  for (std::int64_t t = 0; t < mesh.numberOfTriangles(); ++t)
    EXPECT_GT(FaceNormal(mesh, t)[2] * z, 0) << "triangle " << t << " is flipped";
}

TEST(MeshReader, ErrorsNameTheFileAndTheProblem) {
  const auto dir = TempDir();
  ExpectError((dir / "missing.ply").string(), "no such file");
  std::ofstream((dir / "mesh.xyz").string()) << "1 2 3\n";
  ExpectError((dir / "mesh.xyz").string(), "extension '.xyz' is not one of .ply, .obj, .stl, .vtp");
  std::ofstream((dir / "broken.ply").string()) << "ply\nformat ascii 1.0\nelement vertex 3\n";
  // vtkPLYReader crashed on this header (no end_header): refused before it runs.
  ExpectError((dir / "broken.ply").string(), "broken.ply: the PLY header has no end_header line");
  std::ofstream((dir / "strips.ply").string())
      << "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
      << "property float z\nelement tristrips 1\nproperty list int int corners\nend_header\n"
      << "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
  ExpectError((dir / "strips.ply").string(),
              "the tristrips element has no list property vertex_indices");
  std::ofstream((dir / "ascii-strips.ply").string())
      << "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\n"
      << "property float z\nelement tristrips 1\nproperty list int int vertex_indices\nend_header\n"
      << "0 0 0\n1 0 0\n0 1 0\n1 1 0\n5 0 1 2 -1 3\n";
  // One strip of three points (a triangle); the one-point strip after -1 is no triangle.
  EXPECT_EQ(meshio::ReadSurfaceMesh((dir / "ascii-strips.ply").string()).numberOfTriangles(), 1);
  // A polydata of lines only is not a surface.
  vtkNew<vtkPoints> points;
  points->InsertNextPoint(0, 0, 0);
  points->InsertNextPoint(1, 0, 0);
  vtkNew<vtkCellArray> lines;
  const vtkIdType line[2] = {0, 1};
  lines->InsertNextCell(2, line);
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetLines(lines);
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputData(data);
  writer->SetFileName((dir / "lines.vtp").string().c_str());
  ASSERT_EQ(writer->Write(), 1);
  ExpectError((dir / "lines.vtp").string(), "0 vertex and 1 line cells");
  std::filesystem::remove_all(dir);
}

} // namespace
