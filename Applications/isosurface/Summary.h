#pragma once
// What a run did, as one line on stdout: the volume, the surfaces asked for, the implementation
// that ran, the surface's size, and the time of every stage.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cumed/app/PictureSummary.h"
#include "cumed/core/Transfer.h"

namespace cumed::isosurfaceapp {

struct StageTimes {
  double read = 0.0;
  double contour = 0.0; ///< isosurface, normals and the vtkPolyData
  double write = 0.0;
  double render = 0.0;
  double total = 0.0;
};

struct RunSummary {
  std::array<int, 3> size{0, 0, 0};
  std::array<double, 3> spacing{0.0, 0.0, 0.0};
  std::string pixelType;   ///< as contoured
  std::string conversion;  ///< e.g. "double read as float"; empty when none
  std::string adjustments; ///< DICOM: a resampled tilt, rounded rescale (VtkVolume); or empty
  std::string valueKind;   ///< "iso" or "labels"
  std::vector<double> values;
  bool normals = false;
  std::string requestedBackend;
  std::string backend; ///< what ran: cpu, cuda, or vtk
  int gpus = 1;
  int slabs = 0;
  std::int64_t points = 0;
  std::int64_t triangles = 0;
  /// NaN/inf voxels of the volume and non-finite coordinates among the surface's points (-1:
  /// not counted, the mesh stayed on the device). Points are non-finite only where voxels are.
  std::int64_t nonFiniteVoxels = 0;
  std::int64_t nonFinitePoints = 0;
  std::string output; ///< empty: not written
  std::string png;    ///< empty: none
  std::string renderPath;
  app::PictureSummary picture; ///< its mesh path ("none" without --png), copies, latency
  /// Host<->device copies from the contour on (the volume's upload, a mesh download for the
  /// file); the rendering's alone are the picture's.
  cumed::TransferStats transfers;
  StageTimes seconds;
};

/// "cumed-isosurface: size=64x64x40 spacing_mm=... pixel=int16 iso=300 normals=on backend=cpu
/// (requested auto) points=... triangles=... time_s: ... output=\"...\" png=\"none\"".
std::string FormatSummary(const RunSummary& summary);

/// The same fields as one JSON object (--json): numbers as numbers, size/spacing/values as
/// arrays, the stage times as an object "time_s", null for a file not written and for "none".
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::isosurfaceapp
