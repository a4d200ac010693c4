#pragma once
// Pathlines over a time-resolved sequence of PIV fields as VTK polylines: seed points carried
// through the successive velocity fields (RK2 midpoint or RK4 steps, bilinear interpolation in
// space, linear in time), the history of points moving in the flow. The integration is
// CuMed's (TraceGridPathlines, cumed/piv/PathlineTracing.h: the loop TraceFieldPathlines runs on
// the CPU and CUDA), in double precision on the fields' plane.
#include "cumed/piv/PathlineTracing.h"

#include <vtkSmartPointer.h>

#include <array>
#include <vector>

class vtkImageData;
class vtkPolyData;

namespace cumed::piv {

struct PathlineOptions {
  /// Time between two successive fields, in the velocity's time unit (field k holds at
  /// t = k * fieldInterval).
  double fieldInterval = 1.0;
  /// Steps per field interval (1..1000).
  int stepsPerInterval = 4;
  PathlineScheme scheme = PathlineScheme::Midpoint;
  /// Name of the 3-component velocity point array (world length per time).
  const char* velocityArray = "velocity";
};

/// One polyline per seed, in the seeds' order (world coordinates, z of the field plane), from
/// t = 0 to the last field's time (one field: steady, over one interval). A line ends where
/// a step (or one of its stages) would sample outside the fields' grid (the last point stays
/// inside); a seed with fewer than two points inside gives no line. The lines move in the fields'
/// plane along its in-plane velocity, each at its seed's distance from the plane. Point data:
/// "time" and "speed" (|velocity| at the point); cell data "seed": the index of each line's seed.
/// The fields must share one grid (FieldToImageData's images of one sequence). Throws
/// InvalidArgument naming the field, array or option at fault.
vtkSmartPointer<vtkPolyData> TracePathlines(const std::vector<vtkImageData*>& fields,
                                            const std::vector<std::array<double, 3>>& seeds,
                                            const PathlineOptions& options = {});

/// Seeds at every `every`-th point (>= 1) of a field image's grid along x and y, row by row, in
/// world coordinates (FieldToImageData's window centres). Throws InvalidArgument for a null
/// image or `every` < 1.
std::vector<std::array<double, 3>> GridSeeds(vtkImageData* field, int every = 1);

} // namespace cumed::piv
