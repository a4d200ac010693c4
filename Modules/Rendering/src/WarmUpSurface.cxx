#include "WarmUpSurface.h"

#include "cumed/core/Device.h"
#include "cumed/core/Mesh.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <cmath>
#include <cstdint>
#include <memory>

namespace cumed::rendering::detail {
namespace {

cumed::SurfaceMesh Tetrahedron() {
  cumed::SurfaceMesh mesh;
  mesh.points = {1, 1, 1, -1, -1, 1, -1, 1, -1, 1, -1, -1};
  mesh.triangles = {0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2};
  // The corners lie on the unit sphere's diagonal: each normal is its point, normalised.
  const float scale = 1.0f / std::sqrt(3.0f);
  for (const float coordinate : mesh.points) mesh.normals.push_back(coordinate * scale);
  return mesh;
}

template <class T> cumed::DeviceBuffer Uploaded(const cumed::MeshArray<T>& values) {
  cumed::DeviceBuffer buffer(values.size() * sizeof(T));
  buffer.upload(values.data(), buffer.size());
  return buffer;
}

} // namespace

vtkSmartPointer<vtkPolyData> MakeWarmUpSurface(bool onDevice) {
  const cumed::SurfaceMesh mesh = Tetrahedron();
  auto surface = vtkSmartPointer<vtkPolyData>::New();
  if (onDevice) {
    auto device = std::make_shared<cumed::DeviceSurfaceMesh>();
    device->device = cumed::CurrentDevice();
    device->numberOfPoints = mesh.numberOfPoints();
    device->numberOfTriangles = mesh.numberOfTriangles();
    device->points = Uploaded(mesh.points);
    device->triangles = Uploaded(mesh.triangles);
    device->normals = Uploaded(mesh.normals);
    cumed::SetDeviceMesh(surface, device);
    return surface;
  }
  vtkNew<vtkPoints> points;
  points->SetDataTypeToFloat();
  vtkNew<vtkFloatArray> normals;
  normals->SetName("Normals");
  normals->SetNumberOfComponents(3);
  for (std::int64_t p = 0; p < mesh.numberOfPoints(); ++p) {
    points->InsertNextPoint(&mesh.points[3 * p]);
    normals->InsertNextTuple(&mesh.normals[3 * p]);
  }
  vtkNew<vtkCellArray> triangles;
  for (std::int64_t t = 0; t < mesh.numberOfTriangles(); ++t) {
    const vtkIdType ids[3] = {mesh.triangles[3 * t], mesh.triangles[3 * t + 1],
                              mesh.triangles[3 * t + 2]};
    triangles->InsertNextCell(3, ids);
  }
  surface->SetPoints(points);
  surface->SetPolys(triangles);
  surface->GetPointData()->SetNormals(normals);
  return surface;
}

} // namespace cumed::rendering::detail
