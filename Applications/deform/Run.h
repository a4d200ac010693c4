#pragma once
// One run of cumed-deform: the mesh read, the lattice placed, the frames deformed and timed, the
// last frame written when asked; and the summary as a line or JSON.
#include "Arguments.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cumed::deformapp {

struct RunSummary {
  std::string input;
  bool fromCt = false;       ///< the mesh is a CT series' isosurface
  double isosurfaceMs = 0;   ///< reading the series and contouring it
  bool meshOnDevice = false; ///< the isosurface stayed on the device and was deformed there
  std::int64_t points = 0, triangles = 0, pointsOutside = 0;
  std::string lattice;   ///< "3x3x3"
  std::string animation; ///< the built-in's name or the keyframes file
  std::string backend;   ///< cpu or cuda
  bool hostOutput = false;
  int frames = 0;
  int deformThreadsPerBlock = 0, normalsThreadsPerBlock = 0;
  double prepareMs = 0;     ///< local coordinates, adjacency (and the upload on CUDA)
  double medianFrameMs = 0; ///< deformation + normals (+ the download with --host-output)
  double meanFrameMs = 0;
  double framesPerSecond = 0;
  std::string output;

  /// Rendering (--render, --png): empty renderPath when the frames were not drawn.
  std::string renderPath;     ///< the window's path and GL renderer
  std::string renderMesh;     ///< interop or host: how the last frame reached OpenGL
  std::string renderFallback; ///< why host
  std::string size;           ///< "1024x768"
  double medianBufferMs = 0, medianRenderMs = 0, medianTotalMs = 0; ///< buffers, the rest, all
  /// The frame's parts (medians): deformation + normals, the camera's clipping range (the device
  /// bounds), vtkRenderWindow::Render() on the host, the interop map and unmap (of the buffer
  /// fill), and the wait for the GPU (only with --breakdown; -1 without).
  double medianDeformMs = 0, medianCameraMs = 0, medianRenderCallMs = 0;
  double medianMapMs = 0, medianUnmapMs = 0, medianGpuWaitMs = -1;
  bool breakdown = false;             ///< --breakdown: the GPU waited for after every frame
  double renderedFramesPerSecond = 0; ///< frames / wall time of deformation + drawing
  int meshHostCopies = 0;             ///< device meshes the mapper copied to the host
  std::uint64_t renderCopiesDown = 0, renderBytesDown = 0; ///< while drawing, all frames
  int pngs = 0;                                            ///< PNG files written
  std::string png;                                         ///< the pattern
  std::vector<double> deformMs, bufferMs, renderMs;        ///< every frame's
  std::vector<double> renderCallMs, gpuWaitMs;             ///< every frame's (wait: --breakdown)
};

RunSummary RunDeformation(const Arguments& arguments);
std::string FormatSummary(const RunSummary& summary);
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::deformapp
