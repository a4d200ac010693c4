#include "cumed/rendering/SurfaceSnapshot.h"

#include "SurfaceScene.h"
#include "cumed/rendering/RenderingError.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <filesystem>

namespace cumed::rendering {

SnapshotResult RenderSurfaceToPng(vtkPolyData* surface, const std::string& pngPath,
                                  const SnapshotOptions& options) {
  const auto deviceMesh = cumed::GetDeviceMesh(surface);
  if (!surface || (deviceMesh ? deviceMesh->numberOfTriangles : surface->GetNumberOfCells()) == 0) {
    throw RenderingError("nothing to render: the surface has no cells");
  }
  // Checked before rendering: VTK's PNG writer reports a missing directory as a full disk.
  const auto directory = std::filesystem::absolute(pngPath).parent_path();
  if (!std::filesystem::is_directory(directory)) {
    throw RenderingError("cannot write PNG '" + pngPath + "': directory '" + directory.string() +
                         "' does not exist");
  }
  auto window = OffscreenRenderWindow::Create(options.width, options.height, options.path);
  vtkNew<vtkRenderer> renderer;
  vtkNew<vtkCuMedDeviceMeshMapper> mapper;
  renderer->AddActor(detail::MakeSurfaceActor(mapper, surface, options));
  detail::SetUpLightsAndBackground(renderer, options);
  detail::PlaceAnteriorObliqueCamera(renderer, options);

  vtkRenderWindow* renderWindow = window->GetRenderWindow();
  renderWindow->AddRenderer(renderer);
  renderWindow->Render();
  detail::WriteWindowPng(renderWindow, pngPath);

  SnapshotResult result;
  result.renderPath = window->Describe();
  result.meshUpload = mapper->GetLastBackend();
  result.fallbackReason = mapper->GetLastFallbackReason();
  renderWindow->RemoveRenderer(renderer);
  return result;
}

} // namespace cumed::rendering
