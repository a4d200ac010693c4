#include "DeformationTestSupport.h"

#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>
#include <vtkTriangleMeshPointNormals.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>

namespace cumed::deformationtest {

SurfaceMesh BumpySphere(int rings, int segments, double jitter, unsigned seed,
                        const std::array<double, 3>& center) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> bump(-jitter, jitter);
  const double pi = std::acos(-1.0);
  SurfaceMesh mesh;
  auto add = [&](double theta, double phi) {
    const double r = 1.0 + bump(random);
    mesh.points.push_back(float(center[0] + r * std::sin(theta) * std::cos(phi)));
    mesh.points.push_back(float(center[1] + r * std::sin(theta) * std::sin(phi)));
    mesh.points.push_back(float(center[2] + r * std::cos(theta)));
  };
  add(0, 0); // north pole: point 0
  for (int i = 1; i < rings; ++i)
    for (int j = 0; j < segments; ++j) add(pi * i / rings, 2 * pi * j / segments);
  add(pi, 0); // south pole
  const std::int64_t south = 1 + std::int64_t{rings - 1} * segments;
  auto ring = [&](int i, int j) { return 1 + std::int64_t{i - 1} * segments + (j % segments); };
  auto tri = [&](std::int64_t a, std::int64_t b, std::int64_t c) {
    mesh.triangles.push_back(a);
    mesh.triangles.push_back(b);
    mesh.triangles.push_back(c);
  };
  for (int j = 0; j < segments; ++j) tri(0, ring(1, j), ring(1, j + 1));
  for (int i = 1; i + 1 < rings; ++i)
    for (int j = 0; j < segments; ++j) {
      tri(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1));
      tri(ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
    }
  for (int j = 0; j < segments; ++j) tri(south, ring(rings - 1, j + 1), ring(rings - 1, j));
  mesh.pointOffsets = {0, mesh.numberOfPoints()};
  mesh.triangleOffsets = {0, mesh.numberOfTriangles()};
  return mesh;
}

std::optional<std::string> SharedMesh(const std::string& name) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  if (!source) return std::nullopt;
  const auto path = std::filesystem::path(source) / ".." / "shared" / "data" / "mesh" / name;
  if (!std::filesystem::is_regular_file(path)) return std::nullopt;
  return path.string();
}

std::vector<float> VtkNormals(const SurfaceMesh& mesh, bool unitFaces) {
  SurfaceMesh plain;
  plain.points = mesh.points;
  plain.triangles = mesh.triangles;
  vtkNew<vtkPolyData> data;
  ToVtkPolyData(plain, data);
  vtkDataArray* normals = nullptr;
  vtkNew<vtkPolyDataNormals> polyNormals;
  vtkNew<vtkTriangleMeshPointNormals> triangleNormals;
  if (unitFaces) {
    polyNormals->SetInputData(data);
    polyNormals->SplittingOff();
    polyNormals->ConsistencyOff();
    polyNormals->AutoOrientNormalsOff();
    polyNormals->ComputePointNormalsOn();
    polyNormals->ComputeCellNormalsOff();
    polyNormals->Update();
    normals = polyNormals->GetOutput()->GetPointData()->GetNormals();
  } else {
    triangleNormals->SetInputData(data);
    triangleNormals->Update();
    normals = triangleNormals->GetOutput()->GetPointData()->GetNormals();
  }
  std::vector<float> out(static_cast<std::size_t>(3 * normals->GetNumberOfTuples()));
  for (vtkIdType p = 0; p < normals->GetNumberOfTuples(); ++p)
    for (int a = 0; a < 3; ++a) out[3 * p + a] = float(normals->GetComponent(p, a));
  return out;
}

std::vector<double> AffineControlPoints(const deformation::Lattice& lattice, const double a[9],
                                        const double b[3]) {
  std::vector<double> points = lattice.restPoints();
  for (std::size_t p = 0; p < points.size(); p += 3) {
    const double x = points[p], y = points[p + 1], z = points[p + 2];
    for (int r = 0; r < 3; ++r) points[p + r] = a[3 * r] * x + a[3 * r + 1] * y + a[3 * r + 2] * z + b[r];
  }
  return points;
}

double Extent(const SurfaceMesh& mesh) {
  const auto bounds = deformation::MeshBounds(mesh);
  return std::max({bounds[1] - bounds[0], bounds[3] - bounds[2], bounds[5] - bounds[4]});
}

double MaxDifference(const float* a, const float* b, std::size_t n, std::size_t* where) {
  double worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::abs(double(a[i]) - double(b[i]));
    if (!(d <= worst)) {
      worst = d;
      if (where) *where = i;
    }
  }
  return worst;
}

} // namespace cumed::deformationtest
