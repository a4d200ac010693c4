#include "ContourStage.h"

#include "VolumeToVtk.h"

#include "cumed/surface/UpdateOrThrow.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <vtkImageData.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkReverseSense.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>

namespace cumed::ctsurface {
namespace {

// VTK's image filters ignore direction cosines, so the surface is made in index-times-spacing
// space and its points (and normals) are rotated into patient space afterwards.
vtkSmartPointer<vtkPolyData> ToPatientSpace(vtkPolyData* surface, const HounsfieldImage* image) {
  const auto matrix = IndexSpaceToPatient(image);
  vtkNew<vtkTransform> transform;
  transform->SetMatrix(matrix);
  vtkNew<vtkTransformPolyDataFilter> mapPoints;
  mapPoints->SetInputData(surface);
  mapPoints->SetTransform(transform);
  mapPoints->Update();
  vtkSmartPointer<vtkPolyData> mapped = mapPoints->GetOutput();
  if (matrix->Determinant() < 0.0) {
    // A reflection turns the triangles' winding inside out; the normals were mapped correctly.
    vtkNew<vtkReverseSense> rewind;
    rewind->SetInputData(mapped);
    rewind->ReverseCellsOn();
    rewind->ReverseNormalsOff();
    rewind->Update();
    mapped = rewind->GetOutput();
  }
  return mapped;
}

} // namespace

ContourResult ExtractIsosurface(const HounsfieldImage* image, double isoHu,
                                cumed::Backend backend) {
  const auto volume = ToPaddedVtkImage(image);
  vtkNew<vtkCuMedFlyingEdges3D> contour;
  contour->SetInputData(volume);
  contour->SetValue(0, isoHu);
  contour->ComputeNormalsOn();
  contour->ComputeGradientsOff();
  contour->ComputeScalarsOff(); // every point would carry the iso value: no information
  contour->InterpolateAttributesOff();
  contour->SetBackend(backend);
  cumed::surface::UpdateOrThrow(contour);
  const cumed::Implementation ran = contour->GetLastBackend();
  ContourResult result{contour->GetOutput(), ran == cumed::Implementation::VTK
                                                 ? std::string("vtk-cpu")
                                                 : std::string("cumed-") + cumed::ToString(ran)};
  if (!HasIdentityDirection(image)) result.surface = ToPatientSpace(result.surface, image);
  return result;
}

} // namespace cumed::ctsurface
