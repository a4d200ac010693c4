#include "SurfaceScene.h"

#include "cumed/rendering/RenderingError.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkLightKit.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkWindowToImageFilter.h>

#include <cmath>
#include <filesystem>

namespace cumed::rendering::detail {

void CheckHasCells(vtkPolyData* surface) {
  const auto deviceMesh = cumed::GetDeviceMesh(surface);
  if (!surface || (deviceMesh ? deviceMesh->numberOfTriangles : surface->GetNumberOfCells()) == 0) {
    throw RenderingError("nothing to render: the surface has no cells");
  }
}

void CheckPngDirectory(const std::string& pngPath) {
  const auto directory = std::filesystem::absolute(pngPath).parent_path();
  if (!std::filesystem::is_directory(directory)) {
    throw RenderingError("cannot write PNG '" + pngPath + "': directory '" + directory.string() +
                         "' does not exist");
  }
}

// A device mesh is drawn from the device where it can be; host surfaces as VTK draws them.
vtkSmartPointer<vtkActor> MakeSurfaceActor(vtkCuMedDeviceMeshMapper* mapper, vtkPolyData* surface,
                                           const SnapshotOptions& options) {
  mapper->SetInputData(surface);
  mapper->ScalarVisibilityOff(); // colour by material, not by any scalars the mesh carries
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  vtkProperty* material = actor->GetProperty();
  const auto& c = options.surfaceColor;
  material->SetColor(c[0], c[1], c[2]);
  material->SetAmbient(0.12);
  material->SetDiffuse(0.8);
  material->SetSpecular(0.25);
  material->SetSpecularPower(20.0);
  return actor;
}

void SetUpLightsAndBackground(vtkRenderer* renderer, const SnapshotOptions& options) {
  const auto& b = options.background;
  renderer->SetBackground(b[0], b[1], b[2]);
  // Key, fill and back lights: shape reads better than with the single headlight.
  vtkNew<vtkLightKit> lights;
  lights->AddLightsToRenderer(renderer);
}

// Points are in DICOM patient coordinates (LPS: +x left, +y posterior, +z head), so "anterior"
// is -y and the head is up. The camera starts in front of the patient and turns towards the
// patient's left and up: the left anterior oblique view radiologists know.
void PlaceAnteriorObliqueCamera(vtkRenderer* renderer, const SnapshotOptions& options) {
  const double azimuth = options.azimuthDegrees * M_PI / 180.0;
  const double elevation = options.elevationDegrees * M_PI / 180.0;
  const double direction[3] = {std::sin(azimuth) * std::cos(elevation),
                               -std::cos(azimuth) * std::cos(elevation), std::sin(elevation)};
  vtkCamera* camera = renderer->GetActiveCamera();
  camera->SetFocalPoint(0.0, 0.0, 0.0);
  camera->SetPosition(direction);
  camera->SetViewUp(options.viewUp[0], options.viewUp[1], options.viewUp[2]);
  renderer->ResetCamera(); // keeps the direction, fits the surface's bounds
  camera->Zoom(1.25);      // ResetCamera fits the bounding sphere, which leaves wide margins
  renderer->ResetCameraClippingRange();
}

void WriteWindowPng(vtkRenderWindow* window, const std::string& pngPath) {
  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  grab->SetInputBufferTypeToRGB();
  grab->ReadFrontBufferOff(); // the frame just rendered, whatever the blit mode
  grab->Update();
  vtkNew<vtkPNGWriter> writer;
  writer->SetFileName(pngPath.c_str());
  writer->SetInputConnection(grab->GetOutputPort());
  writer->Write();
  if (writer->GetErrorCode() != 0) {
    throw RenderingError("cannot write PNG '" + pngPath + "'");
  }
}

} // namespace cumed::rendering::detail
