#include "cumed/vtk/VtkMeshBridge.h"

#include "cumed/core/Error.h"
#include "cumed/core/Staging.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkCellArray.h>
#include <vtkDataSetAttributes.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <algorithm>
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
