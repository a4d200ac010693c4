#pragma once
// The dense displacement field of a B-spline grid on a fixed image's grid, in ITK's convention:
// the fixed-space point x maps to x + u(x) in moving space. Where ITK's BSplineTransform leaves a
// point unchanged (its B-spline support leaves the coefficient grid), u is 0.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"

namespace cumed::registration {

/// Backend, threads, progress (at the end), cancellation (before the work) and the report come
/// from ExecutionOptions.
struct DisplacementFieldOptions : ExecutionOptions {
  DisplacementFieldOptions() = default;
  /// `{backend, output}`, as before the options derived from ExecutionOptions.
  DisplacementFieldOptions(Backend backend_, MemoryLocation output_ = MemoryLocation::Host)
      : output(output_) {
    backend = backend_;
  }
  /// Where the field is returned (a CPU result is copied to the device when asked).
  MemoryLocation output = MemoryLocation::Host;
};

/// A Float32 image of 3 components (u_x, u_y, u_z in mm) with `fixedGeometry`. Throws
/// InvalidArgument for a bad fixed geometry, CudaError when CUDA is asked for and not usable.
Image DisplacementField(const BSplineGrid& grid, const ImageGeometry& fixedGeometry,
                        const DisplacementFieldOptions& options = {});

} // namespace cumed::registration
