#pragma once
// A PIV field as VTK data: a vtkImageData on the grid of window centres, placed in the frames'
// world coordinates (through the bridge's ImageGeometry), with point-data arrays
//   velocity      3 components (u, v, 0) in world axes, length / time (active vectors)
//   magnitude     |velocity| (active scalars)
//   vorticity     dV/dx - dU/dy, 1 / time (in the frames' index axes: y along rows)
//   divergence    dU/dx + dV/dy, 1 / time
//   displacement  3 components, px (u, v, 0) as measured
//   peak, peak_to_peak, peak_to_mean  float, as in PivField
//   flags         unsigned char, the VectorFlag bits
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"

#include <vtkSmartPointer.h>

class vtkImageData;

namespace cumed::piv {

/// The field of two frames of geometry `frames` (their spacing is the pixel size: x and y
/// spacing must be equal; origin and direction place the grid). Velocity = displacement x
/// spacing / timeBetweenFrames. Throws InvalidArgument naming the spacing or time at fault.
vtkSmartPointer<vtkImageData> FieldToImageData(const PivField& field, const ImageGeometry& frames,
                                               double timeBetweenFrames = 1.0);

} // namespace cumed::piv
