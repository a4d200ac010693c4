#include "cumed/rendering/PreparedSnapshot.h"

#include "SurfaceScene.h"

namespace cumed::rendering {

PreparedSnapshot::PreparedSnapshot(const SnapshotOptions& options, bool deviceMesh)
    : renderer_(nullptr, options, false) {
  renderer_.PrepareFirstFrame(deviceMesh);
  warmupMs_ = sinceCreation_.elapsedMilliseconds();
}

PreparedSnapshot::PreparedSnapshot(const SnapshotOptions& options, bool deviceMesh,
                                   const std::function<void()>& deviceWorkDone)
    : renderer_(options, deviceMesh, deviceWorkDone) {
  warmupMs_ = sinceCreation_.elapsedMilliseconds();
}

FrameDrawTimes PreparedSnapshot::DrawFirstFrame(vtkPolyData* surface) {
  detail::CheckHasCells(surface);
  renderer_.SetSurface(surface);
  return renderer_.Draw(true);
}

SnapshotResult PreparedSnapshot::WritePng(const std::string& pngPath) const {
  detail::CheckPngDirectory(pngPath);
  renderer_.WritePng(pngPath);
  return {renderer_.Describe(), renderer_.MeshUpload(), renderer_.FallbackReason()};
}

} // namespace cumed::rendering
