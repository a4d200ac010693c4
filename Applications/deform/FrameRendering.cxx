#include "FrameRendering.h"

#include "FramePattern.h"
#include "cumed/app/Messages.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <numeric>
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

FrameRendering::FrameRendering(const Arguments& arguments, const app::ProtectedInputs& inputs)
    : arguments_(arguments), staged_(arguments.force) {
  if (arguments.png.empty()) return;
  std::set<std::filesystem::path> directories;
  for (int frame = 0; frame < arguments.frames; frame += arguments.pngEvery) {
    const std::filesystem::path file = FrameFileName(arguments.png, frame);
    app::CheckReplaceable("--png", file, arguments.force, inputs);
    directories.insert(app::OutputName(std::filesystem::absolute(file)).parent_path());
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
    renderer_ =
        std::make_unique<rendering::SurfaceFrameRenderer>(surface_, options, arguments_.noInterop);
  }
  times_.push_back(renderer_->Draw());
  if (Written(arguments_, frame)) {
    const std::filesystem::path file = app::OutputName(FrameFileName(arguments_.png, frame));
    renderer_->WritePng(staged_.Stage(file).string());
    ++pngs_;
  }
  if (arguments_.tool.verbose) {
    char line[200];
    const rendering::FrameDrawTimes& t = times_.back();
    const double total = deformMs + t.totalMs;
    std::snprintf(line, sizeof line,
                  "frame %d: deformation+normals %.3f ms, buffers %.3f ms, render %.3f ms, "
                  "%.1f fps (%s)",
                  frame, deformMs, t.bufferMs, t.renderMs, total > 0 ? 1000 / total : 0.0,
                  renderer_->MeshUpload().c_str());
    app::Debug(kProgramName, line);
  }
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
  std::vector<double> totals;
  for (std::size_t f = 0; f < times_.size(); ++f) {
    s.bufferMs.push_back(times_[f].bufferMs);
    s.renderMs.push_back(times_[f].renderMs);
    totals.push_back(deformMs[f] + times_[f].totalMs);
    s.renderCopiesDown += times_[f].deviceToHostCopies;
    s.renderBytesDown += times_[f].deviceToHostBytes;
  }
  s.medianBufferMs = Median(s.bufferMs);
  s.medianRenderMs = Median(s.renderMs);
  s.medianTotalMs = Median(totals);
  const double mean = std::accumulate(totals.begin(), totals.end(), 0.0) / totals.size();
  s.renderedFramesPerSecond = mean > 0 ? 1000.0 / mean : 0;
}

} // namespace cumed::deformapp
