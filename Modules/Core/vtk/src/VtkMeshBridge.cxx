#include "cumed/vtk/VtkMeshBridge.h"

#include "cumed/core/Error.h"
#include "cumed/core/Staging.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkCellArray.h>
#include <vtkCellArrayIterator.h>
#include <vtkDataSetAttributes.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace cumed {
namespace {

template <class TArray, class TValue>
vtkSmartPointer<TArray> ArrayOf(const char* name, int components, const MeshArray<TValue>& values) {
  static_assert(sizeof(typename TArray::ValueType) == sizeof(TValue));
  auto array = vtkSmartPointer<TArray>::New();
  if (name) array->SetName(name);
  array->SetNumberOfComponents(components);
  array->SetNumberOfTuples(static_cast<vtkIdType>(values.size() / components));
  ParallelCopy(array->GetPointer(0), values.data(), values.size() * sizeof(TValue));
  return array;
}

} // namespace

void ToVtkPolyData(const SurfaceMesh& mesh, vtkPolyData* output,
                   const std::vector<std::string>& attributeNames, vtkDataArray* scalars) {
  if (attributeNames.size() != mesh.attributes.size())
    throw InvalidArgument("ToVtkPolyData: " + std::to_string(attributeNames.size()) +
                          " names for " + std::to_string(mesh.attributes.size()) +
                          " attribute arrays");
  output->Initialize();
  RemoveDeviceMesh(output); // Initialize() keeps keys VTK does not know
  vtkNew<vtkPoints> points;
  points->SetData(ArrayOf<vtkFloatArray>(nullptr, 3, mesh.points));
  output->SetPoints(points);

  // Triangles: connectivity is the mesh's int64 ids; offsets 0, 3, 6, ...
  static_assert(sizeof(vtkIdType) == sizeof(std::int64_t), "CuMed needs 64-bit vtkIdType");
  const std::int64_t triangles = mesh.numberOfTriangles();
  vtkNew<vtkIdTypeArray> offsets;
  offsets->SetNumberOfValues(triangles + 1);
  vtkIdType* offset = offsets->GetPointer(0);
  for (std::int64_t t = 0; t <= triangles; ++t) offset[t] = 3 * t;
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, ArrayOf<vtkIdTypeArray>(nullptr, 1, mesh.triangles));
  output->SetPolys(polys);

  vtkPointData* pointData = output->GetPointData();
  for (std::size_t a = 0; a < attributeNames.size(); ++a)
    pointData->AddArray(ArrayOf<vtkFloatArray>(attributeNames[a].c_str(), 1, mesh.attributes[a]));
  if (scalars) {
    const int index = pointData->AddArray(scalars);
    pointData->SetActiveAttribute(index, vtkDataSetAttributes::SCALARS);
  }
  if (!mesh.normals.empty()) {
    const int index = pointData->AddArray(ArrayOf<vtkFloatArray>("Normals", 3, mesh.normals));
    pointData->SetActiveAttribute(index, vtkDataSetAttributes::NORMALS);
  }
}

SurfaceMesh FromVtkPolyData(vtkPolyData* input) {
  if (!input) throw InvalidArgument("FromVtkPolyData: the vtkPolyData is null");
  if (input->GetNumberOfVerts() > 0 || input->GetNumberOfLines() > 0)
    throw InvalidArgument("FromVtkPolyData: the data has " +
                          std::to_string(input->GetNumberOfVerts()) + " vertex and " +
                          std::to_string(input->GetNumberOfLines()) +
                          " line cells; only a surface (polygons, triangle strips) is a mesh");
  SurfaceMesh mesh;
  const vtkIdType points = input->GetNumberOfPoints();
  mesh.points.resize(static_cast<std::size_t>(3 * points));
  if (points > 0) {
    vtkDataArray* data = input->GetPoints()->GetData();
    if (auto* floats = vtkFloatArray::SafeDownCast(data)) {
      ParallelCopy(mesh.points.data(), floats->GetPointer(0), mesh.points.size() * sizeof(float));
    } else {
      for (vtkIdType p = 0; p < points; ++p)
        for (int a = 0; a < 3; ++a) mesh.points[3 * p + a] = float(data->GetComponent(p, a));
    }
  }
  vtkIdType triangles = 0;
  {
    vtkIdType n = 0;
    const vtkIdType* ids = nullptr;
    auto cells = vtk::TakeSmartPointer(input->GetPolys()->NewIterator());
    for (cells->GoToFirstCell(); !cells->IsDoneWithTraversal(); cells->GoToNextCell()) {
      cells->GetCurrentCell(n, ids);
      if (n < 3)
        throw InvalidArgument("FromVtkPolyData: polygon " +
                              std::to_string(cells->GetCurrentCellId()) + " has " +
                              std::to_string(n) + " points; at least 3 are needed");
      triangles += n - 2;
    }
    auto strips = vtk::TakeSmartPointer(input->GetStrips()->NewIterator());
    for (strips->GoToFirstCell(); !strips->IsDoneWithTraversal(); strips->GoToNextCell()) {
      strips->GetCurrentCell(n, ids);
      triangles += n > 2 ? n - 2 : 0;
    }
  }
  mesh.triangles.reserve(static_cast<std::size_t>(3 * triangles));
  vtkIdType n = 0;
  const vtkIdType* ids = nullptr;
  auto cells = vtk::TakeSmartPointer(input->GetPolys()->NewIterator());
  for (cells->GoToFirstCell(); !cells->IsDoneWithTraversal(); cells->GoToNextCell()) {
    cells->GetCurrentCell(n, ids);
    for (vtkIdType k = 1; k + 1 < n; ++k) {
      mesh.triangles.push_back(ids[0]);
      mesh.triangles.push_back(ids[k]);
      mesh.triangles.push_back(ids[k + 1]);
    }
  }
  auto strips = vtk::TakeSmartPointer(input->GetStrips()->NewIterator());
  for (strips->GoToFirstCell(); !strips->IsDoneWithTraversal(); strips->GoToNextCell()) {
    strips->GetCurrentCell(n, ids);
    for (vtkIdType k = 0; k + 2 < n; ++k) {
      const vtkIdType a = ids[k], b = ids[k + 1], c = ids[k + 2];
      if (a == b || b == c || a == c) continue; // a join between strips, no area
      const bool even = k % 2 == 0;
      mesh.triangles.push_back(a);
      mesh.triangles.push_back(even ? b : c);
      mesh.triangles.push_back(even ? c : b);
    }
  }
  for (const std::int64_t id : mesh.triangles)
    if (id < 0 || id >= points)
      throw InvalidArgument("FromVtkPolyData: a cell refers to point " + std::to_string(id) +
                            " of " + std::to_string(points));
  mesh.pointOffsets = {0, mesh.numberOfPoints()};
  mesh.triangleOffsets = {0, mesh.numberOfTriangles()};
  return mesh;
}

std::vector<double> PointsAsDouble(vtkPolyData* input) {
  if (!input) throw InvalidArgument("PointsAsDouble: the vtkPolyData is null");
  const vtkIdType points = input->GetNumberOfPoints();
  std::vector<double> xyz(static_cast<std::size_t>(3 * points));
  if (points == 0) return xyz;
  vtkDataArray* data = input->GetPoints()->GetData();
  if (auto* doubles = vtkDoubleArray::SafeDownCast(data)) {
    ParallelCopy(xyz.data(), doubles->GetPointer(0), xyz.size() * sizeof(double));
  } else {
    for (vtkIdType p = 0; p < points; ++p)
      for (int a = 0; a < 3; ++a) xyz[3 * p + a] = data->GetComponent(p, a);
  }
  return xyz;
}

void ToVtkPolyDataNamed(const SurfaceMesh& mesh, vtkPolyData* output, const MeshNaming& naming) {
  vtkSmartPointer<vtkDataArray> scalars;
  if (naming.scalarsType != 0) {
    scalars = BlockValueScalars(naming.scalarsType,
                                naming.scalarsName ? naming.scalarsName->c_str() : nullptr,
                                mesh.pointOffsets, naming.scalarsBlockValues);
  }
  ToVtkPolyData(mesh, output, naming.attributeNames, scalars);
}

vtkSmartPointer<vtkDataArray> BlockValueScalars(int vtkType, const char* name,
                                                const std::vector<std::int64_t>& pointOffsets,
                                                const std::vector<double>& values) {
  if (pointOffsets.size() != values.size() + 1)
    throw InvalidArgument("BlockValueScalars: " + std::to_string(values.size()) + " values for " +
                          std::to_string(pointOffsets.size()) +
                          " point offsets (one value per block expected)");
  return DispatchVtkScalarType(vtkType, [&](auto zero) {
    using T = decltype(zero);
    vtkSmartPointer<vtkDataArray> out =
        vtkSmartPointer<vtkDataArray>::Take(vtkDataArray::CreateDataArray(vtkType));
    if (name) out->SetName(name);
    out->SetNumberOfComponents(1);
    out->SetNumberOfTuples(pointOffsets.back());
    T* data = static_cast<T*>(out->GetVoidPointer(0));
    for (std::size_t v = 0; v < values.size(); ++v) {
      std::fill(data + pointOffsets[v], data + pointOffsets[v + 1], static_cast<T>(values[v]));
    }
    return out;
  });
}

} // namespace cumed
