#include "ContourStage.h"

#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"
#include "cumed/surface/UpdateOrThrow.h"
#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <vtkImageData.h>
#include <vtkNew.h>

namespace cumed::isosurfaceapp {
namespace {

template <class TFilter>
ContourResult RunFilter(TFilter* filter, vtkImageData* image, const Arguments& arguments) {
  filter->SetInputData(image);
  filter->SetNumberOfContours(static_cast<int>(arguments.values.size()));
  for (std::size_t v = 0; v < arguments.values.size(); ++v) {
    filter->SetValue(static_cast<int>(v), arguments.values[v]);
  }
  filter->SetComputeNormals(arguments.computeNormals());
  filter->SetComputeScalars(arguments.values.size() > 1);
  filter->ComputeGradientsOff();
  filter->InterpolateAttributesOff();
  filter->SetBackend(arguments.backend);
  filter->SetNumberOfGPUs(arguments.gpus);
  filter->SetNumberOfSlabs(arguments.slabs);
  filter->SetClosedSurface(arguments.closed);
  // The picture's mapper is the output's one consumer, and it reads device meshes: after a CUDA
  // run on one GPU the mesh stays there (the consumer rule of cumed/vtk/DeviceMeshData.h) and
  // the host gets it only when a file needs it (Pipeline.cxx); any other run gives host arrays.
  vtkNew<vtkCuMedDeviceMeshMapper> picture;
  if (!arguments.png.empty()) picture->SetInputConnection(filter->GetOutputPort());
  cumed::surface::UpdateOrThrow(filter);
  return {filter->GetOutput(), cumed::ToString(filter->GetLastBackend())};
}

} // namespace

ContourResult ExtractSurfaces(vtkImageData* image, const Arguments& arguments) {
  if (arguments.kind == SurfaceKind::Label) {
    vtkNew<vtkCuMedDiscreteFlyingEdges3D> labels;
    return RunFilter(labels.Get(), image, arguments);
  }
  vtkNew<vtkCuMedFlyingEdges3D> isosurface;
  return RunFilter(isosurface.Get(), image, arguments);
}

} // namespace cumed::isosurfaceapp
