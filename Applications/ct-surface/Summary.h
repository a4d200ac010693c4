#pragma once
// What a run did, as one line on stdout: sizes, counts, time and implementation per stage.
#include <array>
#include <cstdint>
#include <string>

#include "cumed/core/Transfer.h"

namespace cumed::ctsurface {

struct StageTimes {
  double read = 0.0;
  double closing = 0.0;
  double contour = 0.0; // conversion to VTK, padding, isosurface, normals
  double write = 0.0;
  double render = 0.0;
  double total = 0.0;
};

struct RunSummary {
  std::string seriesUid;
  int size[3] = {0, 0, 0};
  double spacing[3] = {0.0, 0.0, 0.0};
  std::string requestedBackend;      ///< auto, cpu, cuda as asked
  std::string resolvedBackend;       ///< cpu or cuda: what ResolveBackend chose
  std::string closingImplementation; ///< "cumed-cpu"/"cumed-cuda", or "skipped" for radius 0
  int closingRadiusVoxels[3] = {0, 0, 0};
  std::string contourImplementation; ///< "cumed-cpu"/"cumed-cuda" (or "vtk-cpu": VTK's filter)
  double isoHu = 0.0;
  std::uint64_t voxelsAtOrAboveIso = 0; ///< in the closed volume
  double voxelVolumeMm3 = 0.0;
  std::int64_t triangles = 0;
  std::int64_t points = 0;
  double enclosedVolumeMm3 = 0.0;
  std::string renderPath; ///< "none" with --no-png
  /// How the picture's mesh reached OpenGL: "interop" (drawn from the GPU's copy, no host copy),
  /// "host", or "none" with --no-png; and why not "interop".
  std::string renderMesh = "none";
  std::string renderFallback;
  /// Host<->device copies while rendering (interop: only the bounds, 6 floats, come down).
  cumed::TransferStats renderTransfers;
  /// The picture's window opened and warmed on a tiny surface before the contour (-1: no
  /// picture), and the time from the contour's end to the surface's first frame drawn (up to the
  /// GPU's completion; -1: no picture, or nothing to draw).
  double warmupMs = -1.0;
  double firstFrameMs = -1.0;
  StageTimes seconds;
  /// Host<->device copies of the closing and contour stages, the mesh's download included (0 on
  /// the CPU path).
  cumed::TransferStats transfers;
  std::array<std::string, 3> files; ///< .vtp, .stl, .png ("" with --no-png)
};

/// "cumed-ct-surface: slices=120 voxels=7864320 ... render=\"EGL device (...)\"", one line.
std::string FormatSummary(const RunSummary& summary);

/// The same fields as one JSON object (--json): numbers as numbers, size/spacing/radius as
/// arrays, the stage times as an object "time_s", and the files written.
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::ctsurface
