#pragma once
// Pathlines over a time-resolved sequence of PIV fields: seed points carried through the
// successive velocity fields (bilinear in space, linear in time; RK2 midpoint or RK4 steps),
// the history of points moving in the flow. Both backends run the same per-seed loop
// (src/PathlineStep.h); the CUDA one uploads the fields once, integrates one seed per thread and
// keeps the lines in device memory (PathlineSet::device) for BuildPathlineRibbons.
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Execution.h"
#include "cumed/piv/PivField.h"

#include <array>
#include <memory>
#include <vector>

namespace cumed::piv {

enum class PathlineScheme {
  Midpoint,   ///< RK2: the velocity half a step ahead moves the point a whole step
  RungeKutta4 ///< classical RK4
};

/// Throws InvalidArgument "fieldInterval = 1e+300 is outside 1e-12..1e+12 (...)" (or
/// displacementTime; NumberRules.h) for times out of range: each 1e-12..1e12, as
/// PhysicalUnits::timeBetweenFrames. The tracers call it; programs call it to refuse early.
void CheckPathlineTimes(double fieldInterval, double displacementTime);

/// Field k holds at t = k * fieldInterval; the lines run from t = 0 to the last field's time
/// (one field: steady flow over one interval).
/// Backend, threads, progress (at the end), cancellation (before the work) and the report come
/// from ExecutionOptions (TraceGridPathlines runs on the CPU whatever `backend` says).
struct PathlineTraceOptions : ExecutionOptions {
  double fieldInterval = 1.0; ///< time between successive fields, 1e-12..1e12
  /// Time u, v were measured over (--dt): velocity = (u, v) / it; 1e-12..1e12.
  double displacementTime = 1.0;
  int stepsPerInterval = 4; ///< 1..1000
  PathlineScheme scheme = PathlineScheme::Midpoint;
};

/// The lines of a CUDA trace, in device memory: float x, y, speed[seeds * pointsPerLine],
/// int32 length[seeds].
struct DevicePathlines {
  int device = 0;
  DeviceBuffer x, y, speed, length;
};

/// Line s owns entries [s * pointsPerLine, s * pointsPerLine + length[s]) of x, y, speed (the
/// rest are 0); point n of a line holds at time n * timeStep. Positions in the fields' px
/// (window-centre coordinates), speed in px per time unit.
struct PathlineSet {
  int seeds = 0;
  int pointsPerLine = 0; ///< steps + 1
  double timeStep = 0;   ///< fieldInterval / stepsPerInterval
  std::vector<float> x, y, speed;
  std::vector<int> length;
  Backend backendUsed = Backend::CPU;
  /// CUDA: the same lines on the device (the host vectors are a copy of them); null on the CPU.
  std::shared_ptr<const DevicePathlines> device;
};

/// Seeds at every `every`-th window centre (along x and y) of `field`, row by row.
std::vector<std::array<float, 2>> SeedGrid(const PivField& field, int every = 1);

/// Traces a line from each seed. Stopping rule: a line ends at its last point inside the
/// fields' grid (window centres x[0]..x[columns-1], y[0]..y[rows-1]) from which a whole step can
/// be taken: a step (or one of its RK stages) that samples outside the grid, or in a cell with a
/// corner that carries no flow in a field it reads (Masked, an unreplaced outlier, or a
/// non-finite u or v), stops the line before it. A seed in such a place has length 0.
/// The fields must share one grid (same columns, rows, x and y). Throws InvalidArgument naming
/// the field or option at fault (no fields, different grids, a non-positive time); CudaError when
/// Backend::CUDA cannot run.
PathlineSet TraceFieldPathlines(const std::vector<PivField>& fields,
                                const std::vector<std::array<float, 2>>& seeds,
                                const PathlineTraceOptions& options = {});

/// A regular grid of velocities in double precision for callers that are not PivFields (the VTK
/// pathlines): position = origin + index * spacing; u, v: fields x columns x rows velocities
/// (position units per time), row-major per field. Traced on the CPU with the same loop.
struct PathlineGrid {
  int columns = 0, rows = 0;
  double originX = 0, originY = 0, spacingX = 1, spacingY = 1;
  std::vector<std::vector<double>> u, v; ///< one vector per field
};

/// The lines of `seeds` through `grid` (double precision, CPU), in the layout of PathlineSet:
/// x, y, speed per point, length per seed. Throws InvalidArgument as TraceFieldPathlines.
struct PathlineSetDouble {
  int pointsPerLine = 0;
  double timeStep = 0;
  std::vector<double> x, y, speed;
  std::vector<int> length;
};
PathlineSetDouble TraceGridPathlines(const PathlineGrid& grid,
                                     const std::vector<std::array<double, 2>>& seeds,
                                     const PathlineTraceOptions& options);

} // namespace cumed::piv
