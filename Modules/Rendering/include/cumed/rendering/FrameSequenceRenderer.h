#pragma once
// A mesh drawn frame after frame offscreen and timed, its frames optionally written as PNG files:
// the window and mapper (SurfaceFrameRenderer), the frame's mesh handed to VTK (a host mesh as
// arrays; a device mesh by reference, refilled in place), the timings and the PNG files, which
// are checked before any work and staged until Commit() (CuMed::OutputSafety).
#include "cumed/core/Mesh.h"
#include "cumed/core/Timer.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/rendering/SurfaceFrameRenderer.h"

#include <vtkNew.h>
#include <vtkPolyData.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cumed::rendering {

struct FrameSequenceOptions {
  int width = 1024, height = 768; ///< the offscreen window, pixels
  int multiSamples = -1;          ///< samples per pixel; -1: VTK's default
  bool forceHostUpload = false;   ///< a device mesh drawn through a host copy every frame
  bool waitEveryFrame = false;    ///< wait for the GPU after every frame, timed apart
  /// The PNG files: a pattern FramePattern.h accepts (one %d for the frame number), written for
  /// frames 0, pngEvery, 2 pngEvery, ... below `frames`; empty: no PNG.
  std::string pngPattern;
  int pngEvery = 1;
  int frames = 0;
  bool replace = false;            ///< existing PNG files are replaced (else refused)
  std::string outputLabel = "PNG"; ///< names the PNG files in OutputSafety's refusals
};

/// The drawing of all frames: how, how fast, what was written.
struct FrameSequenceReport {
  std::string path;     ///< the window's path and GL renderer; empty when nothing was drawn
  std::string mesh;     ///< interop or host: how the last frame reached OpenGL
  std::string fallback; ///< why host
  /// Medians over the frames: the buffers, the rest of the render, the whole frame (deformation
  /// + normals + buffers + render), and the frame's parts (see FrameDrawTimes); gpuWaitMs only
  /// when every frame was waited for, else -1.
  double bufferMs = 0, renderMs = 0, totalMs = 0;
  double deformMs = 0, cameraMs = 0, renderCallMs = 0, mapMs = 0, unmapMs = 0, gpuWaitMs = -1;
  double framesPerSecond = 0; ///< frames after the first / their wall time (one frame: its own)
  int meshHostCopies = 0;     ///< device meshes the mapper copied to the host
  std::uint64_t copiesDown = 0, bytesDown = 0; ///< device-to-host copies while drawing
  int pngs = 0;                                ///< PNG files written
  /// Every frame's times (gpuWait only when waited for).
  std::vector<double> deformMsPerFrame, bufferMsPerFrame, renderMsPerFrame;
  std::vector<double> renderCallMsPerFrame, gpuWaitMsPerFrame;
};

class FrameSequenceRenderer {
public:
  /// Checks every PNG the sequence would write (never an input in `inputs`, no replacing
  /// without options.replace) and creates their directories; opens nothing yet. Throws
  /// InvalidArgument for a pattern CheckFramePattern refuses, OutputRefused for a PNG that may
  /// not be written.
  FrameSequenceRenderer(const FrameSequenceOptions& options,
                        const output::ProtectedInputs& inputs = {});

  /// Draws frame `frame` (host or device mesh; the device mesh must be the same object every
  /// frame), times it and writes its PNG when asked. Opens the window on the first frame; throws
  /// RenderingError when it cannot be opened.
  FrameDrawTimes Draw(int frame, const SurfaceMesh& mesh);
  FrameDrawTimes Draw(int frame, const std::shared_ptr<DeviceSurfaceMesh>& mesh);

  /// "interop", "host" or "none": how the last frame's mesh reached OpenGL.
  std::string MeshUpload() const;
  /// Waits for the GPU to finish every frame drawn (the end of the frames' wall time).
  void Finish();
  /// Moves the PNGs to their names; keeps the directories made for them.
  void Commit();
  /// The report of the frames drawn; deformMs: the time of each frame's mesh (its deformation),
  /// counted into the frames' totals.
  FrameSequenceReport Report(const std::vector<double>& deformMs) const;

private:
  FrameDrawTimes DrawCurrent(int frame);

  FrameSequenceOptions options_;
  vtkNew<vtkPolyData> surface_;
  std::unique_ptr<SurfaceFrameRenderer> renderer_;
  output::CreatedDirectories directories_;
  output::StagedFiles staged_;
  std::vector<FrameDrawTimes> times_;
  int pngs_ = 0;
  /// From the end of the first frame (window, shaders, first buffers) to Finish(): the frames
  /// after it back to back, deformation included.
  Stopwatch sinceFirstFrame_;
  double steadySeconds_ = 0;
};

} // namespace cumed::rendering
