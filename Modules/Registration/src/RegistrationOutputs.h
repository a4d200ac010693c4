#pragma once
// What a registration hands back besides its grid: the dense field of the whole transform and
// the moving image resampled with it, computed as ITK's ResampleImageFilter would.
#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"
#include "cumed/registration/Registration.h"
#include "src/LevelImage.h"

namespace cumed::registration::detail {

/// A(x + u(x)) - x on the fixed grid (Float32, 3 components, host), u evaluated by `backend`.
Image TotalDisplacementField(const BSplineGrid& grid, const AffineTransform& affine,
                             const ImageGeometry& fixed, Backend backend);

/// The moving image at x + d(x) for every fixed voxel x (host field): trilinear with the
/// neighbours clamped to the image, `outsideValue` where the continuous index leaves
/// [-0.5, size - 0.5) along an axis (ITK's LinearInterpolateImageFunction::IsInsideBuffer).
Image ResampleMoving(const LevelImage& moving, const Image& totalField, float outsideValue);

/// The total field, its Jacobian determinant and the warped moving image, all computed and left
/// in `backend`'s memory (the device on CUDA: nothing comes down until the caller asks). The
/// same formulas as TotalDisplacementField, JacobianDeterminant and ResampleMoving.
struct TransformOutputs {
  Image field, jacobian, warped;
};
TransformOutputs ComputeTransformOutputs(const BSplineGrid& grid, const AffineTransform& affine,
                                         const ImageGeometry& fixed, const LevelImage& moving,
                                         float outsideValue, Backend backend);

} // namespace cumed::registration::detail
