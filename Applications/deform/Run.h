#pragma once
// One run of cumed-deform: the mesh read, the lattice placed, the frames deformed and timed, the
// last frame written when asked; and the summary as a line or JSON.
#include "Arguments.h"

#include "cumed/rendering/FrameSequenceRenderer.h"

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

  /// Rendering (--render, --png): render.path empty when the frames were not drawn.
  rendering::FrameSequenceReport render;
  std::string size;       ///< "1024x768"
  std::string png;        ///< the pattern
  bool breakdown = false; ///< --breakdown: the GPU waited for after every frame
};

RunSummary RunDeformation(const Arguments& arguments);
std::string FormatSummary(const RunSummary& summary);
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::deformapp
