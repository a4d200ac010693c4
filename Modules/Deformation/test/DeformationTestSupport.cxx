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

namespace cumed::deformationtest {

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
    for (int r = 0; r < 3; ++r)
      points[p + r] = a[3 * r] * x + a[3 * r + 1] * y + a[3 * r + 2] * z + b[r];
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
