#pragma once
// Warping an image with a dense displacement field, as Register() warps its moving image: for
// users who keep a registration's field and apply it again (another image of the moving
// subject, a re-run with another default value).
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"

namespace cumed::registration {

/// Threads, progress (at the end), cancellation (before the work) and the report come from
/// ExecutionOptions; the warp runs on the CPU whatever `backend` says (the report says so).
struct WarpOptions : ExecutionOptions {
  WarpOptions() = default;
  /// `{defaultPixelValue}`, as before the options derived from ExecutionOptions.
  WarpOptions(double defaultPixelValue_) : defaultPixelValue(defaultPixelValue_) {}
  /// Written where x + field(x) falls outside the moving image (ITK's default pixel value).
  double defaultPixelValue = 0.0;
};

/// The moving image at x + field(x) for every voxel x of the field's grid, trilinear with ITK's
/// LinearInterpolateImageFunction rules (exactly RegistrationResult::warpedImage for its field):
/// a Float32 image with the field's geometry, in the field's memory location. Computed on the
/// CPU (device inputs are copied to the host and the result back). `moving`: a scalar image of
/// any pixel type with its own geometry; `displacementField`: Float32, 3 components, mm (ITK's
/// convention, fixed -> moving). Throws InvalidArgument naming the pixel type, component count
/// or non-finite pixel.
Image WarpImage(const Image& moving, const Image& displacementField,
                const WarpOptions& options = {});

} // namespace cumed::registration
