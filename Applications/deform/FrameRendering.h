#pragma once
// cumed-deform's rendering of the frames: the offscreen window and mapper (through
// cumed::rendering::SurfaceFrameRenderer), the frame's mesh handed to VTK (a host mesh as
// arrays; a device mesh by reference, refilled in place), the timings and the PNG files, which
// are checked before any work and staged until the run succeeds (Applications/common SafeOutput).
#include "Arguments.h"
#include "Run.h"

#include "cumed/output/SafeOutput.h"
#include "cumed/core/Mesh.h"
#include "cumed/core/Timer.h"
#include "cumed/rendering/SurfaceFrameRenderer.h"

#include <vtkNew.h>
#include <vtkPolyData.h>

#include <memory>
#include <string>
#include <vector>

namespace cumed::deformapp {

class FrameRendering {
public:
  /// Checks every PNG this run would write (no input, no overwrite without --force) and creates
  /// their directories; opens nothing yet.
  FrameRendering(const Arguments& arguments, const output::ProtectedInputs& inputs);

  /// Draws frame `frame` (host or device mesh; the device mesh must be the same object every
  /// frame), times it and writes its PNG when asked. Opens the window on the first frame.
  /// `deformMs`: the frame's deformation time, for --verbose's line.
  void Draw(int frame, double deformMs, const SurfaceMesh& mesh);
  void Draw(int frame, double deformMs, const std::shared_ptr<DeviceSurfaceMesh>& mesh);

  /// Waits for the GPU to finish every frame drawn (the end of the frames' wall time).
  void Finish();
  /// Moves the PNGs to their names; keeps the directories made for them.
  void Commit();
  /// The render fields of the summary; deformMs: the deformation's time of each frame.
  void Report(const std::vector<double>& deformMs, RunSummary& summary) const;

private:
  void DrawCurrent(int frame, double deformMs);

  const Arguments& arguments_;
  vtkNew<vtkPolyData> surface_;
  std::unique_ptr<rendering::SurfaceFrameRenderer> renderer_;
  output::CreatedDirectories directories_;
  output::StagedFiles staged_;
  std::vector<rendering::FrameDrawTimes> times_;
  int pngs_ = 0;
  /// From the end of the first frame (window, shaders, first buffers) to Finish(): the frames
  /// after it back to back, deformation included.
  Stopwatch sinceFirstFrame_;
  double steadySeconds_ = 0;
};

} // namespace cumed::deformapp
