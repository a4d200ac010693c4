#pragma once
// The closed surface of a volume: what a CT-to-surface job needs and a plain isosurface is not.
// One place for the three rules the programs, the VTK filter and Python share:
//  1. guard: every contour value must be reached by some voxel (else the surface would be
//     empty) and lie above the padding value;
//  2. pad: the volume is surrounded by one voxel of its type's lowest value, so a structure that
//     touches a face of the volume still gets a closed surface;
//  3. winding: triangles wind outward (their right-hand normal points to decreasing values), and
//     the normals point there too, also when the direction matrix is a reflection, where
//     vtkFlyingEdges3D turns both inside out (Winding::Outward).
// Points keep their world positions: the padding moves the origin out by one voxel.
#include "cumed/core/Image.h"
#include "cumed/surface/Isosurface.h"

#include <cstdint>

namespace cumed::surface {

struct ClosedSurfaceResult : IsosurfaceResult {
  /// Voxels at or above the smallest value (Isovalue mode) or equal to a label (Label mode),
  /// counted where the volume is.
  std::uint64_t voxelsInside = 0;
};

/// Guards, pads and contours `volume` (host or device memory; uint8, int16, uint16 or float)
/// with `options` (its `winding` is taken as Outward). Throws InvalidArgument naming the value
/// when no voxel reaches it, or when it is not above the type's lowest value (the padding would
/// be inside the surface). The padded copy lives where the volume is, for the call only.
ClosedSurfaceResult ExtractClosedSurface(const Image& volume, const IsosurfaceOptions& options);

/// The same on a typed view of memory the caller owns (e.g. an ITK image or vtkImageData).
template <class T>
ClosedSurfaceResult ExtractClosedSurface(const ImageView<const T>& volume,
                                         const IsosurfaceOptions& options);

} // namespace cumed::surface
