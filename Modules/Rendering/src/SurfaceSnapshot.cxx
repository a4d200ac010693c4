#include "cumed/rendering/SurfaceSnapshot.h"

#include "SurfaceScene.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"

#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

namespace cumed::rendering {

SnapshotResult RenderSurfaceToPng(vtkPolyData* surface, const std::string& pngPath,
                                  const SnapshotOptions& options) {
  detail::CheckHasCells(surface);
  detail::CheckPngDirectory(pngPath); // before rendering
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
