#include "cumed/rendering/FrameSequenceRenderer.h"

#include "cumed/core/Error.h"
#include "cumed/rendering/FramePattern.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace cumed::rendering {
namespace {

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

} // namespace

FrameSequenceRenderer::FrameSequenceRenderer(const FrameSequenceOptions& options,
                                             const output::ProtectedInputs& inputs)
    : options_(options), staged_(options.replace) {
  if (options.width < 1 || options.height < 1)
    throw InvalidArgument("the window must be at least 1 x 1 pixels, got " +
                          std::to_string(options.width) + " x " + std::to_string(options.height));
  if (options.pngPattern.empty()) return;
  CheckFramePattern(options.pngPattern);
  if (options.pngEvery < 1)
    throw InvalidArgument("PNG files every " + std::to_string(options.pngEvery) +
                          " frames: must be at least 1");
  std::set<std::filesystem::path> directories;
  for (int frame = 0; frame < options.frames; frame += options.pngEvery) {
    const std::filesystem::path file = FrameFileName(options.pngPattern, frame);
    output::CheckReplaceable(options.outputLabel, file, options.replace, inputs);
    directories.insert(output::OutputName(std::filesystem::absolute(file)).parent_path());
  }
  for (const auto& directory : directories) directories_.Create(directory);
}

FrameDrawTimes FrameSequenceRenderer::Draw(int frame, const SurfaceMesh& mesh) {
  ToVtkPolyData(mesh, surface_);
  return DrawCurrent(frame);
}

FrameDrawTimes FrameSequenceRenderer::Draw(int frame,
                                           const std::shared_ptr<DeviceSurfaceMesh>& mesh) {
  if (GetDeviceMesh(surface_) != mesh)
    SetDeviceMesh(surface_, mesh);
  else
    surface_->Modified(); // new positions and normals in the same device arrays: refill
  return DrawCurrent(frame);
}

FrameDrawTimes FrameSequenceRenderer::DrawCurrent(int frame) {
  if (!renderer_) {
    SnapshotOptions snapshot;
    snapshot.width = options_.width;
    snapshot.height = options_.height;
    snapshot.multiSamples = options_.multiSamples;
    renderer_ =
        std::make_unique<SurfaceFrameRenderer>(surface_, snapshot, options_.forceHostUpload);
  }
  times_.push_back(renderer_->Draw(options_.waitEveryFrame));
  if (!options_.pngPattern.empty() && frame % options_.pngEvery == 0) {
    const std::filesystem::path file =
        output::OutputName(FrameFileName(options_.pngPattern, frame));
    renderer_->WritePng(staged_.Stage(file).string());
    ++pngs_;
  }
  if (times_.size() == 1) sinceFirstFrame_.restart();
  return times_.back();
}

std::string FrameSequenceRenderer::MeshUpload() const {
  return renderer_ ? renderer_->MeshUpload() : "none";
}

void FrameSequenceRenderer::Finish() {
  if (!renderer_) return;
  renderer_->Finish();
  steadySeconds_ = sinceFirstFrame_.elapsedSeconds();
}

void FrameSequenceRenderer::Commit() {
  staged_.Commit();
  directories_.Keep();
}

FrameSequenceReport FrameSequenceRenderer::Report(const std::vector<double>& deformMs) const {
  FrameSequenceReport r;
  if (!renderer_) return r;
  if (deformMs.size() != times_.size())
    throw InvalidArgument(std::to_string(deformMs.size()) + " deformation times for " +
                          std::to_string(times_.size()) + " frames drawn");
  r.path = renderer_->Describe();
  r.mesh = renderer_->MeshUpload();
  r.fallback = renderer_->FallbackReason();
  r.meshHostCopies = renderer_->HostCopies();
  r.pngs = pngs_;
  r.deformMsPerFrame = deformMs;
  std::vector<double> totals, cameraMs, mapMs, unmapMs;
  for (std::size_t f = 0; f < times_.size(); ++f) {
    const FrameDrawTimes& t = times_[f];
    r.bufferMsPerFrame.push_back(t.bufferMs);
    r.renderMsPerFrame.push_back(t.renderMs);
    r.renderCallMsPerFrame.push_back(t.renderCallMs);
    if (options_.waitEveryFrame) r.gpuWaitMsPerFrame.push_back(t.gpuWaitMs);
    cameraMs.push_back(t.cameraMs);
    mapMs.push_back(t.mapMs);
    unmapMs.push_back(t.unmapMs);
    totals.push_back(deformMs[f] + t.totalMs);
    r.copiesDown += t.deviceToHostCopies;
    r.bytesDown += t.deviceToHostBytes;
  }
  r.bufferMs = Median(r.bufferMsPerFrame);
  r.renderMs = Median(r.renderMsPerFrame);
  r.totalMs = Median(totals);
  r.deformMs = Median(deformMs);
  r.cameraMs = Median(cameraMs);
  r.renderCallMs = Median(r.renderCallMsPerFrame);
  r.mapMs = Median(mapMs);
  r.unmapMs = Median(unmapMs);
  r.gpuWaitMs = options_.waitEveryFrame ? Median(r.gpuWaitMsPerFrame) : -1;
  // Throughput: the frames after the first (which opens the window and compiles the shaders)
  // over their wall time up to the GPU's end; one frame: its own time.
  if (times_.size() > 1 && steadySeconds_ > 0)
    r.framesPerSecond = static_cast<double>(times_.size() - 1) / steadySeconds_;
  else
    r.framesPerSecond = totals[0] > 0 ? 1000.0 / totals[0] : 0;
  return r;
}

} // namespace cumed::rendering
