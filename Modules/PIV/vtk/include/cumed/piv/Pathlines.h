#pragma once
// Pathlines over a time-resolved sequence of PIV fields: seed points carried through the
// successive velocity fields (RK2 midpoint steps, bilinear interpolation in space, linear in
// time) into polylines, the history of points moving in the flow.
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
  /// RK2 steps per field interval (1..1000).
  int stepsPerInterval = 4;
  /// Name of the 3-component velocity point array (world length per time).
  const char* velocityArray = "velocity";
};

/// One polyline per seed, in the seeds' order (world coordinates, z of the field plane), from
/// t = 0 to the last field's time (one field: steady, over one interval). A line ends where
/// its point leaves the fields' grid (the last point stays inside); a seed with fewer than two
/// points inside gives no line. Point data: "time" and "speed" (|velocity| at the point); cell
/// data "seed": the index of each line's seed. The fields must share one grid (FieldToImageData's
/// images of one sequence). Throws InvalidArgument naming the field, array or option at fault.
vtkSmartPointer<vtkPolyData> TracePathlines(const std::vector<vtkImageData*>& fields,
                                            const std::vector<std::array<double, 3>>& seeds,
                                            const PathlineOptions& options = {});

} // namespace cumed::piv
