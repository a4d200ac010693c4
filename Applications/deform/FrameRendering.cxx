#include "FrameRendering.h"

#include "FramePattern.h"
#include "cumed/app/Messages.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

namespace cumed::deformapp {
namespace {

bool Written(const Arguments& arguments, int frame) {
  return !arguments.png.empty() && frame % arguments.pngEvery == 0;
}

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

} // namespace

FrameRendering::FrameRendering(const Arguments& arguments, const output::ProtectedInputs& inputs)
    : arguments_(arguments), staged_(arguments.force) {
  if (arguments.png.empty()) return;
  std::set<std::filesystem::path> directories;
  for (int frame = 0; frame < arguments.frames; frame += arguments.pngEvery) {
    const std::filesystem::path file = FrameFileName(arguments.png, frame);
    output::CheckReplaceable("--png", file, arguments.force, inputs);
    directories.insert(output::OutputName(std::filesystem::absolute(file)).parent_path());
  }
  for (const auto& directory : directories) directories_.Create(directory);
}

void FrameRendering::Draw(int frame, double deformMs, const SurfaceMesh& mesh) {
  ToVtkPolyData(mesh, surface_);
  DrawCurrent(frame, deformMs);
}

void FrameRendering::Draw(int frame, double deformMs,
                          const std::shared_ptr<DeviceSurfaceMesh>& mesh) {
  if (GetDeviceMesh(surface_) != mesh)
    SetDeviceMesh(surface_, mesh);
  else
    surface_->Modified(); // new positions and normals in the same device arrays: refill
  DrawCurrent(frame, deformMs);
}

void FrameRendering::DrawCurrent(int frame, double deformMs) {
  if (!renderer_) {
    rendering::SnapshotOptions options;
    options.width = arguments_.size[0];
    options.height = arguments_.size[1];
    options.multiSamples = arguments_.multiSamples;
    renderer_ =
        std::make_unique<rendering::SurfaceFrameRenderer>(surface_, options, arguments_.noInterop);
  }
  times_.push_back(renderer_->Draw(arguments_.breakdown));
  if (Written(arguments_, frame)) {
    const std::filesystem::path file = output::OutputName(FrameFileName(arguments_.png, frame));
    renderer_->WritePng(staged_.Stage(file).string());
    ++pngs_;
  }
  if (arguments_.tool.verbose) {
    char line[200];
    const rendering::FrameDrawTimes& t = times_.back();
    const double total = deformMs + t.totalMs;
    std::snprintf(line, sizeof line,
                  "frame %d: deformation+normals %.3f ms, buffers %.3f ms, render %.3f ms "
                  "(camera %.3f, Render() %.3f, GPU wait %.3f), %.1f fps (%s)",
                  frame, deformMs, t.bufferMs, t.renderMs, t.cameraMs, t.renderCallMs, t.gpuWaitMs,
                  total > 0 ? 1000 / total : 0.0, renderer_->MeshUpload().c_str());
    app::Debug(kProgramName, line);
  }
  if (times_.size() == 1) sinceFirstFrame_.restart();
}

void FrameRendering::Finish() {
  if (!renderer_) return;
  renderer_->Finish();
  steadySeconds_ = sinceFirstFrame_.elapsedSeconds();
}

void FrameRendering::Commit() {
  staged_.Commit();
  directories_.Keep();
}

void FrameRendering::Report(const std::vector<double>& deformMs, RunSummary& s) const {
  if (!renderer_) return;
  s.renderPath = renderer_->Describe();
  s.renderMesh = renderer_->MeshUpload();
  s.renderFallback = renderer_->FallbackReason();
  s.size = std::to_string(arguments_.size[0]) + "x" + std::to_string(arguments_.size[1]);
  s.meshHostCopies = renderer_->HostCopies();
  s.pngs = pngs_;
  s.png = arguments_.png;
  s.deformMs = deformMs;
  s.breakdown = arguments_.breakdown;
  std::vector<double> totals, cameraMs, mapMs, unmapMs;
  for (std::size_t f = 0; f < times_.size(); ++f) {
    const rendering::FrameDrawTimes& t = times_[f];
    s.bufferMs.push_back(t.bufferMs);
    s.renderMs.push_back(t.renderMs);
    s.renderCallMs.push_back(t.renderCallMs);
    if (arguments_.breakdown) s.gpuWaitMs.push_back(t.gpuWaitMs);
    cameraMs.push_back(t.cameraMs);
    mapMs.push_back(t.mapMs);
    unmapMs.push_back(t.unmapMs);
    totals.push_back(deformMs[f] + t.totalMs);
    s.renderCopiesDown += t.deviceToHostCopies;
    s.renderBytesDown += t.deviceToHostBytes;
  }
  s.medianBufferMs = Median(s.bufferMs);
  s.medianRenderMs = Median(s.renderMs);
  s.medianTotalMs = Median(totals);
  s.medianDeformMs = Median(deformMs);
  s.medianCameraMs = Median(cameraMs);
  s.medianRenderCallMs = Median(s.renderCallMs);
  s.medianMapMs = Median(mapMs);
  s.medianUnmapMs = Median(unmapMs);
  s.medianGpuWaitMs = arguments_.breakdown ? Median(s.gpuWaitMs) : -1;
  // Throughput: the frames after the first (which opens the window and compiles the shaders)
  // over their wall time up to the GPU's end; one frame: its own time.
  if (times_.size() > 1 && steadySeconds_ > 0) {
    s.renderedFramesPerSecond = static_cast<double>(times_.size() - 1) / steadySeconds_;
  } else {
    s.renderedFramesPerSecond = totals[0] > 0 ? 1000.0 / totals[0] : 0;
  }
}

} // namespace cumed::deformapp
