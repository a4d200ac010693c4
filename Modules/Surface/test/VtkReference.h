#pragma once
// The VTK filters CuMed's isosurfaces are checked against, on the same pixels and geometry, with
// their output converted to a SurfaceMesh (point ids as VTK numbers them).
#include "cumed/core/Image.h"
#include "cumed/surface/SurfaceMesh.h"

#include <string>
#include <vector>

namespace cumed::surface::test {

/// A float volume to pass along as an extra point-data array (attribute interpolation).
struct NamedArray {
  std::string name;
  const float* data;
};

struct VtkContourRequest {
  std::vector<double> values;
  bool normals = false;
  bool scalars = false;
  /// Interpolate the `extraArrays` (InterpolateAttributesOn); their outputs become attributes.
  std::vector<NamedArray> extraArrays;
};

/// vtkFlyingEdges3D on the pixels at `view` (spacing, origin and direction set on the
/// vtkImageData). Scalars are converted to float (exact for CuMed's pixel types).
template <class T>
SurfaceMesh VtkFlyingEdges(const ImageView<const T>& view, const VtkContourRequest& request);

/// vtkDiscreteFlyingEdges3D, the same way.
template <class T>
SurfaceMesh VtkDiscreteFlyingEdges(const ImageView<const T>& view,
                                   const VtkContourRequest& request);

} // namespace cumed::surface::test
