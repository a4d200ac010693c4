#include "cumed/rendering/SurfaceFrameRenderer.h"

#include "SurfaceScene.h"
#include "WarmUpSurface.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"

#include <vtkActor.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

namespace cumed::rendering {

struct SurfaceFrameRenderer::Impl {
  SnapshotOptions options;
  std::unique_ptr<OffscreenRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  vtkNew<vtkCuMedDeviceMeshMapper> mapper;
  bool cameraPlaced = false;
};

SurfaceFrameRenderer::SurfaceFrameRenderer(vtkPolyData* surface, const SnapshotOptions& options,
                                           bool forceHostUpload)
    : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  OpenWindow(surface, forceHostUpload);
}

SurfaceFrameRenderer::SurfaceFrameRenderer(const SnapshotOptions& options, bool deviceMesh,
                                           const std::function<void()>& deviceWorkDone)
    : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  const vtkSmartPointer<vtkPolyData> warmUp = detail::MakeWarmUpSurface(deviceMesh);
  // The mapper keeps the bounds of this input (same mesh, same modification time), so the
  // warm-up draw's camera placement does not reduce and download them again.
  impl_->mapper->SetInputData(warmUp);
  impl_->mapper->GetBounds();
  if (deviceWorkDone) deviceWorkDone();
  OpenWindow(warmUp, false);
  DrawWarmUp(nullptr);
}

void SurfaceFrameRenderer::OpenWindow(vtkPolyData* surface, bool forceHostUpload) {
  const SnapshotOptions& options = impl_->options;
  impl_->window = OffscreenRenderWindow::Create(options.width, options.height, options.path);
  if (options.multiSamples >= 0)
    impl_->window->GetRenderWindow()->SetMultiSamples(options.multiSamples);
  impl_->mapper->SetForceHostUpload(forceHostUpload);
  impl_->renderer->AddActor(detail::MakeSurfaceActor(impl_->mapper, surface, options));
  detail::SetUpLightsAndBackground(impl_->renderer, options);
  impl_->window->GetRenderWindow()->AddRenderer(impl_->renderer);
}

SurfaceFrameRenderer::~SurfaceFrameRenderer() {
  impl_->window->GetRenderWindow()->RemoveRenderer(impl_->renderer);
}

FrameDrawTimes SurfaceFrameRenderer::Draw(bool wait) {
  vtkRenderWindow* window = impl_->window->GetRenderWindow();
  vtkCuMedDeviceMeshMapper* mapper = impl_->mapper;
  const int buildsBefore = mapper->GetNumberOfBufferBuilds();
  const TransferStats before = GetTransferStats();
  FrameDrawTimes times;
  Stopwatch watch;
  if (!impl_->cameraPlaced) {
    detail::PlaceAnteriorObliqueCamera(impl_->renderer, impl_->options);
    impl_->cameraPlaced = true;
  } else {
    // The surface moves: keep its near and far ends inside the clipping range.
    impl_->renderer->ResetCameraClippingRange();
  }
  times.cameraMs = watch.elapsedMilliseconds();
  watch.restart();
  window->Render();
  times.renderCallMs = watch.elapsedMilliseconds();
  if (wait) {
    watch.restart();
    window->WaitForCompletion();
    times.gpuWaitMs = watch.elapsedMilliseconds();
  }
  times.totalMs = times.cameraMs + times.renderCallMs + (wait ? times.gpuWaitMs : 0.0);
  const TransferStats after = GetTransferStats();
  if (mapper->GetNumberOfBufferBuilds() != buildsBefore) {
    times.bufferMs = 1e3 * mapper->GetLastBufferBuildSeconds();
    times.mapMs = 1e3 * mapper->GetLastInteropMapSeconds();
    times.unmapMs = 1e3 * mapper->GetLastInteropUnmapSeconds();
  }
  times.renderMs = times.totalMs > times.bufferMs ? times.totalMs - times.bufferMs : 0.0;
  times.deviceToHostCopies = after.deviceToHostCopies - before.deviceToHostCopies;
  times.deviceToHostBytes = after.deviceToHostBytes - before.deviceToHostBytes;
  return times;
}

double SurfaceFrameRenderer::PrepareFirstFrame(bool deviceMesh) {
  const Stopwatch watch;
  vtkCuMedDeviceMeshMapper* mapper = impl_->mapper;
  vtkSmartPointer<vtkPolyData> surface =
      mapper->GetNumberOfInputConnections(0) > 0 ? mapper->GetInput() : nullptr;
  const vtkSmartPointer<vtkPolyData> warmUp = detail::MakeWarmUpSurface(deviceMesh);
  mapper->SetInputData(warmUp);
  DrawWarmUp(surface);
  return watch.elapsedMilliseconds();
}

// The mapper's input is the warm-up surface (the caller keeps it); `surfaceAfter` replaces it.
void SurfaceFrameRenderer::DrawWarmUp(vtkPolyData* surfaceAfter) {
  impl_->cameraPlaced = false;
  Draw(true);
  SetSurface(surfaceAfter);
}

void SurfaceFrameRenderer::SetSurface(vtkPolyData* surface) {
  impl_->mapper->SetInputData(surface);
  impl_->cameraPlaced = false;
}

void SurfaceFrameRenderer::Finish() {
  impl_->window->GetRenderWindow()->WaitForCompletion();
}

void SurfaceFrameRenderer::WritePng(const std::string& pngPath) const {
  detail::WriteWindowPng(impl_->window->GetRenderWindow(), pngPath);
}

std::string SurfaceFrameRenderer::Describe() const {
  return impl_->window->Describe();
}

std::string SurfaceFrameRenderer::MeshUpload() const {
  return impl_->mapper->GetLastBackend();
}

std::string SurfaceFrameRenderer::FallbackReason() const {
  return impl_->mapper->GetLastFallbackReason();
}

int SurfaceFrameRenderer::HostCopies() const {
  return impl_->mapper->GetNumberOfHostCopies();
}

} // namespace cumed::rendering
