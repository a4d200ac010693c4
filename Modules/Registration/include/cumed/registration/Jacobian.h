#pragma once
// The Jacobian determinant of a dense displacement field (x -> x + u(x)) and its folding
// statistics. Semantics are those of ITK 5.2's DisplacementFieldJacobianDeterminantFilter (with
// UseImageSpacing on, its default): det(I + grad u), grad u by central differences along the
// image's index axes over 2 * spacing; at the border the missing neighbour is the voxel itself
// (ITK's zero-flux Neumann condition: half the one-sided difference). As in ITK the image's
// direction is NOT applied, so on a rotated image the value is that of the field seen along the
// image axes. det <= 0 means the transform folds there.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"

#include <cstddef>

namespace cumed::registration {

/// Backend, threads, progress (at the end), cancellation (before the work) and the report come
/// from ExecutionOptions.
struct JacobianOptions : ExecutionOptions {
  JacobianOptions() = default;
  /// `{backend}`, as before the options derived from ExecutionOptions.
  JacobianOptions(Backend backend_) { backend = backend_; }
};

/// A Float32 scalar image on the field's geometry, in the field's memory location. The field is a
/// Float32 image of 3 components (a 2D field: one voxel thick, its z derivatives taken as 0).
/// Throws InvalidArgument naming the pixel type or component count when the field is not one.
Image JacobianDeterminant(const Image& displacementField, const JacobianOptions& options = {});

struct JacobianStatistics {
  double minimum = 0.0;
  double maximum = 0.0;
  double mean = 0.0;
  std::size_t voxels = 0;       ///< voxels counted (the mask's nonzero voxels, or all)
  std::size_t foldedVoxels = 0; ///< counted voxels with det <= 0
  double foldedPercent = 0.0;   ///< 100 * foldedVoxels / voxels
};

/// Statistics over the voxels where `mask` (UInt8, same geometry; may be null) is nonzero. Host
/// or device images (a device image is copied to the host and summarised there, in a fixed
/// order). Throws InvalidArgument naming the problem for a Jacobian that is not Float32 scalar,
/// a mask that is not UInt8 scalar, a mask of another geometry, or a mask with no nonzero voxel.
JacobianStatistics SummarizeJacobian(const Image& jacobian, const Image* mask = nullptr);

} // namespace cumed::registration
