#pragma once
// Registration test cases with a known answer: the moving image is a real CT, the fixed image is
// the moving image warped by a displacement field u, fixed(x) = moving(x + u(x)) (trilinear), so
// the true fixed -> moving displacement in ITK's convention (the fixed-space point x maps to
// x + u(x) in moving space) is exactly u. u is scaled so that its largest length over the body
// of the fixed image (HU > bodyThresholdHu) is maxDisplacementMm.
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cumed::regdata {

enum class FieldFamily {
  BSpline,     ///< cubic B-spline over a control grid, random coefficients (Modules/Registration)
  GaussianRbf, ///< sum of Gaussian radial-basis displacements centred in the body
};
const char* ToString(FieldFamily family) noexcept;
/// "bspline" or "rbf"; throws InvalidArgument naming the value otherwise.
FieldFamily ParseFieldFamily(const std::string& name);

struct KnownWarpOptions {
  FieldFamily family = FieldFamily::BSpline;
  std::uint32_t seed = 1; ///< std::mt19937; raw outputs only, so every platform draws the same
  double maxDisplacementMm = 10.0;
  double bodyThresholdHu = -500.0;
  double outsideHu = -1024.0;     ///< moving value taken where x + u(x) leaves the moving image
  double controlSpacingMm = 45.0; ///< B-spline: the control grid's spacing (about; whole cells)
  int rbfCentres = 16;            ///< RBF: centres drawn among the body voxels
  double rbfSigmaMinMm = 20.0;    ///< RBF: each sigma drawn uniformly in [min, max]
  double rbfSigmaMaxMm = 40.0;
};

struct KnownWarp {
  Image fixed;     ///< Float32 HU, on the moving image's grid
  Image trueField; ///< Float32 x3, mm, on the same grid
  Image bodyMask;  ///< UInt8 (1 where fixed > bodyThresholdHu)
  /// FieldFamily::BSpline: the scaled grid whose dense field trueField is (within float rounding).
  std::optional<registration::BSplineGrid> trueGrid;
  double maxDisplacementInBodyMm = 0.0;
  double rmsDisplacementInBodyMm = 0.0; ///< the field error before registration (identity)
  int scalingRounds = 0;                ///< warps done until the body's maximum settled
};

struct UnscaledField {
  Image field;                                   ///< Float32 x3
  std::optional<registration::BSplineGrid> grid; ///< the B-spline family's grid
};

/// A field of `family` on `geometry`, before scaling (unit-free amplitudes). `bodyMask` (UInt8,
/// same geometry) is where RBF centres may lie. Throws InvalidArgument for bad options.
UnscaledField MakeUnscaledField(const ImageGeometry& geometry, const Image& bodyMask,
                                const KnownWarpOptions& options);

/// fixed(x) = moving(x + u(x)), trilinear; `outsideHu` where x + u(x) leaves the image.
Image WarpImage(const Image& moving, const Image& field, double outsideHu);

/// UInt8 mask: 1 where the Float32 image exceeds `threshold`.
Image ThresholdMask(const Image& image, double threshold);

/// Largest |u| over the mask's voxels (0 for an empty mask).
double MaxLengthInMask(const Image& field, const Image& mask);

/// The known-warp case for a moving CT (host Float32 HU). The scale is found by re-warping until
/// the maximum over the fixed image's body is maxDisplacementMm within 1e-4 mm (the body moves
/// with the scale); throws Error when that does not settle in 10 rounds.
KnownWarp MakeKnownWarp(const Image& moving, const KnownWarpOptions& options);

} // namespace cumed::regdata
