#pragma once
// A picture for an application that contours and then draws: the window is opened and its
// drawing path warmed on a tiny surface (SurfaceFrameRenderer::PrepareFirstFrame) before the
// contour runs, so that the surface's first frame after the contour only fills the buffers and
// draws. The frame is drawn (a device mesh from the device) as soon as the surface exists and
// written as PNG when the application is ready to.
#include "cumed/core/Timer.h"
#include "cumed/rendering/SurfaceFrameRenderer.h"
#include "cumed/rendering/SurfaceSnapshot.h"

#include <functional>
#include <string>

class vtkPolyData;

namespace cumed::rendering {

class PreparedSnapshot {
public:
  /// Opens the window and warms it; `deviceMesh`: the surface will carry a device mesh (the
  /// warm-up surface does too). Throws RenderingError when no window can be opened, cumed::Error
  /// when the warm-up mesh cannot go to the device.
  PreparedSnapshot(const SnapshotOptions& options, bool deviceMesh);
  /// The same, with the warm-up's copies first and `deviceWorkDone` called once they are over
  /// (SurfaceFrameRenderer's ordered constructor): for a snapshot prepared on a thread of its own
  /// while the caller's thread counts its copies (BackgroundSnapshot).
  PreparedSnapshot(const SnapshotOptions& options, bool deviceMesh,
                   const std::function<void()>& deviceWorkDone);

  /// The window's opening and the warm-up draw, in milliseconds.
  double WarmupMilliseconds() const { return warmupMs_; }

  /// Draws `surface` (the caller keeps it until WritePng) up to the GPU's completion. Throws
  /// RenderingError for a surface without cells, as RenderSurfaceToPng does.
  FrameDrawTimes DrawFirstFrame(vtkPolyData* surface);

  /// How the last frame's mesh reached OpenGL: "interop", "host" or "none".
  std::string MeshUpload() const { return renderer_.MeshUpload(); }

  /// Writes the frame drawn as PNG; throws RenderingError naming the file (or its directory).
  SnapshotResult WritePng(const std::string& pngPath) const;

private:
  Stopwatch sinceCreation_; // first: the window's opening is timed with the warm-up
  SurfaceFrameRenderer renderer_;
  double warmupMs_ = 0.0;
};

} // namespace cumed::rendering
