#pragma once
// What a run did, as one line on stdout: sizes, counts, time and implementation per stage.
#include <array>
#include <cstdint>
#include <string>

#include "cumed/app/PictureSummary.h"
#include "cumed/core/Transfer.h"
#include "cumed/io/DicomSeriesInfo.h"

namespace cumed::ctsurface {

struct StageTimes {
  double read = 0.0;
  double closing = 0.0;
  double contour = 0.0; // conversion to VTK, padding, isosurface, normals
  double write = 0.0;
  double render = 0.0; ///< the renderer's work: window, warm-up, draw, PNG (on its thread or not)
  double total = 0.0;
  /// Of total, the time the main thread waited for the renderer (all of render with
  /// --no-overlap; with the overlap only what the other stages did not cover).
  double renderWait = 0.0;
};

struct RunSummary {
  cumed::io::DicomSeriesInfo series; ///< the series read: identity, selection, adjustments
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
  std::string renderPath;      ///< "none" with --no-png
  app::PictureSummary picture; ///< its mesh path ("none" with --no-png), copies, latency
  /// Of picture.warmupMs, the warm-up mesh's CUDA part before the window opened (renderer on its
  /// own thread; -1 otherwise).
  double warmupDeviceMs = -1.0;
  StageTimes seconds;
  /// Host<->device copies of the closing and contour stages, the mesh's download included (0 on
  /// the CPU path).
  cumed::TransferStats transfers;
  std::array<std::string, 3> files; ///< .vtp, .stl, .png ("" with --no-png)
  std::string segFile;              ///< --seg: the SEG written ("" without)
  std::string segSopInstanceUid;    ///< --seg: its SOP Instance UID
};

/// "cumed-ct-surface: slices=120 voxels=7864320 ... render=\"EGL device (...)\"", one line.
std::string FormatSummary(const RunSummary& summary);

/// The same fields as one JSON object (--json): numbers as numbers, size/spacing/radius as
/// arrays, the stage times as an object "time_s", and the files written.
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::ctsurface
