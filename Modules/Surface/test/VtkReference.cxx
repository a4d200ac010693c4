#include "VtkReference.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkFloatArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkTypeTraits.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace cumed::surface::test {
namespace {

template <class T>
vtkSmartPointer<vtkImageData> ToVtkImage(const ImageView<const T>& view,
                                         const std::vector<NamedArray>& extraArrays) {
  const auto& g = view.geometry;
  auto image = vtkSmartPointer<vtkImageData>::New();
  ApplyGeometry(g, image);
  image->AllocateScalars(vtkTypeTraits<T>::VTKTypeID(), 1);
  image->GetPointData()->GetScalars()->SetName("scalars");
  std::memcpy(image->GetScalarPointer(), view.data, g.numberOfPixels() * sizeof(T));
  for (const auto& extra : extraArrays) {
    vtkNew<vtkFloatArray> array;
    array->SetName(extra.name.c_str());
    array->SetNumberOfValues(static_cast<vtkIdType>(g.numberOfPixels()));
    std::memcpy(array->GetPointer(0), extra.data, g.numberOfPixels() * sizeof(float));
    image->GetPointData()->AddArray(array);
  }
  return image;
}

MeshArray<float> FloatTuples(vtkDataArray* array, int components) {
  if (array == nullptr) throw std::runtime_error("VTK output lacks an expected array");
  const vtkIdType n = array->GetNumberOfTuples();
  MeshArray<float> values(static_cast<std::size_t>(n) * components);
  if (auto* floats = vtkFloatArray::SafeDownCast(array)) {
    // An empty surface has no buffer on either side: memcpy's pointers must not be null (UBSan).
    if (!values.empty())
      std::memcpy(values.data(), floats->GetPointer(0), values.size() * sizeof(float));
    return values;
  }
  for (vtkIdType i = 0; i < n; ++i)
    for (int c = 0; c < components; ++c)
      values[i * components + c] = static_cast<float>(array->GetComponent(i, c));
  return values;
}

SurfaceMesh ToMesh(vtkPolyData* output, const VtkContourRequest& request) {
  SurfaceMesh mesh;
  if (output->GetPoints() != nullptr) mesh.points = FloatTuples(output->GetPoints()->GetData(), 3);
  vtkCellArray* polys = output->GetPolys();
  mesh.triangles.reserve(3 * static_cast<std::size_t>(polys->GetNumberOfCells()));
  vtkIdType count = 0;
  const vtkIdType* ids = nullptr;
  for (polys->InitTraversal(); polys->GetNextCell(count, ids);) {
    if (count != 3) throw std::runtime_error("VTK output has a polygon that is not a triangle");
    mesh.triangles.insert(mesh.triangles.end(), ids, ids + 3);
  }
  vtkPointData* pd = output->GetPointData();
  if (request.normals && mesh.numberOfPoints() > 0) mesh.normals = FloatTuples(pd->GetNormals(), 3);
  if (request.scalars && mesh.numberOfPoints() > 0)
    mesh.scalars = FloatTuples(pd->GetArray("scalars"), 1);
  for (const auto& extra : request.extraArrays)
    mesh.attributes.push_back(mesh.numberOfPoints() > 0
                                  ? FloatTuples(pd->GetArray(extra.name.c_str()), 1)
                                  : MeshArray<float>{});
  return mesh;
}

template <class Filter, class T>
SurfaceMesh Run(const ImageView<const T>& view, const VtkContourRequest& request) {
  const auto image = ToVtkImage(view, request.extraArrays);
  vtkNew<Filter> filter;
  filter->SetInputData(image);
  filter->SetNumberOfContours(static_cast<int>(request.values.size()));
  for (std::size_t v = 0; v < request.values.size(); ++v)
    filter->SetValue(static_cast<int>(v), request.values[v]);
  filter->SetComputeNormals(request.normals);
  filter->SetComputeGradients(false);
  filter->SetComputeScalars(request.scalars);
  filter->SetInterpolateAttributes(!request.extraArrays.empty());
  filter->Update();
  return ToMesh(filter->GetOutput(), request);
}

} // namespace

template <class T>
SurfaceMesh VtkFlyingEdges(const ImageView<const T>& view, const VtkContourRequest& request) {
  return Run<vtkFlyingEdges3D>(view, request);
}

template <class T>
SurfaceMesh VtkDiscreteFlyingEdges(const ImageView<const T>& view,
                                   const VtkContourRequest& request) {
  return Run<vtkDiscreteFlyingEdges3D>(view, request);
}

#define CUMED_INSTANTIATE_VTK_REFERENCE(T)                                                         \
  template SurfaceMesh VtkFlyingEdges<T>(const ImageView<const T>&, const VtkContourRequest&);     \
  template SurfaceMesh VtkDiscreteFlyingEdges<T>(const ImageView<const T>&,                        \
                                                 const VtkContourRequest&);
CUMED_INSTANTIATE_VTK_REFERENCE(std::uint8_t)
CUMED_INSTANTIATE_VTK_REFERENCE(std::int16_t)
CUMED_INSTANTIATE_VTK_REFERENCE(std::uint16_t)
CUMED_INSTANTIATE_VTK_REFERENCE(float)

} // namespace cumed::surface::test
