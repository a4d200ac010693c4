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
  /// The run's arguments: the input, lattice, animation, frames, output and picture options the
  /// summary repeats.
  Arguments arguments;
  bool fromCt = false;       ///< the mesh is a CT series' isosurface
  double isosurfaceMs = 0;   ///< reading the series and contouring it
  bool meshOnDevice = false; ///< the isosurface stayed on the device and was deformed there
  std::int64_t points = 0, triangles = 0, pointsOutside = 0;
  std::string backend; ///< cpu or cuda
  int deformThreadsPerBlock = 0, normalsThreadsPerBlock = 0;
  double prepareMs = 0;     ///< local coordinates, adjacency (and the upload on CUDA)
  double medianFrameMs = 0; ///< deformation + normals (+ the download with --host-output)
  double meanFrameMs = 0;
  double framesPerSecond = 0;

  /// Rendering (--render, --png): render.path empty when the frames were not drawn.
  rendering::FrameSequenceReport render;
};

RunSummary RunDeformation(const Arguments& arguments);
std::string FormatSummary(const RunSummary& summary);
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::deformapp
