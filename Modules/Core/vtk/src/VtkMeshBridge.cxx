#include "cumed/vtk/VtkMeshBridge.h"

#include "cumed/core/Error.h"
#include "cumed/core/Staging.h"

#include <vtkCellArray.h>
#include <vtkDataSetAttributes.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <cstdint>

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

} // namespace cumed
