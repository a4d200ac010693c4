#pragma once
// Pathlines as thin ribbons for drawing: one flat quad per line segment, in the image plane,
// coloured per vertex by speed or time. The CPU backend writes a host SurfaceMesh; lines traced
// on CUDA become a DeviceSurfaceMesh built on the device from PathlineSet::device (nothing comes
// down), which vtkCuMedDeviceMeshMapper draws through CUDA-OpenGL interop.
#include "cumed/core/Backend.h"
#include "cumed/core/Mesh.h"
#include "cumed/piv/PathlineTracing.h"

#include <memory>

namespace cumed::piv {

enum class RibbonColour { Speed, Time };

struct PathlineRibbonOptions {
  float width = 1.f; ///< across the line, px, > 0
  RibbonColour colour = RibbonColour::Speed;
  /// The ribbons' plane (the image is at z = 0); normals point from z = 0 towards it (+z at 0).
  float z = 0.f;
};

/// Segment n of line s (from its point n to n + 1) owns points [4 m, 4 m + 4) and triangles
/// [2 m, 2 m + 2), m = s * (pointsPerLine - 1) + n: corners start-left, start-right, end-right,
/// end-left. Segments past a line's end, and segments of zero length, are degenerate (their four
/// points at the segment's start, scalar 0): nothing is drawn, and no compaction is needed.
constexpr int kRibbonPoints = 4;
constexpr int kRibbonTriangles = 2;

/// attributes[0] is the colour (speed in px per time unit, or time), with point normals.
struct PathlineRibbons {
  Backend backendUsed = Backend::CPU;
  SurfaceMesh host;
  std::shared_ptr<DeviceSurfaceMesh> device;
};

/// Built where the lines are: on the device when `lines.device` is set, else on the host.
/// Throws InvalidArgument naming the option at fault or a PathlineSet whose arrays do not hold
/// seeds x pointsPerLine values; CudaError when a CUDA call fails.
PathlineRibbons BuildPathlineRibbons(const PathlineSet& lines,
                                     const PathlineRibbonOptions& options = {});

} // namespace cumed::piv
