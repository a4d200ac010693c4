#pragma once
// B-spline free-form deformation registration of a moving image onto a fixed image, on the CPU
// (OpenMP) or CUDA, with the same algorithm on both:
//   - the transform maps a fixed-space point x to A(x + u(x)) in moving space: u is a cubic
//     B-spline over a control grid aligned with the fixed image (ITK's BSplineTransform layout,
//     spacing in mm), A an affine pre-alignment (given, estimated, or the identity);
//   - a pyramid of `levels` resolutions (each a 2x2x2 block average of the next finer one), the
//     control spacing halved between levels by exact B-spline subdivision (the finest level uses
//     `gridSpacing`);
//   - with `affineStage`, A is first estimated (12 parameters, L-BFGS, the coarse pyramid levels,
//     the same metric) starting from `initialAffine` or the identity;
//   - at every level L-BFGS minimises similarity + weighted regularisation with analytic
//     gradients, stopping after `maximumIterations` or when the cost changes by less than
//     `relativeTolerance` (relative).
// Intensities are used as given for NCC, LocalNCC and NMI; SSD first subtracts the fixed image's
// mean from both images and divides them by its standard deviation, so that the cost (and with it
// the regularisation weights) means the same for any scanner scale.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"
#include "cumed/registration/Jacobian.h"
#include "cumed/registration/Quality.h"
#include "cumed/registration/Sampling.h"

#include <array>
#include <functional>
#include <optional>
#include <vector>

namespace cumed::registration {

enum class SimilarityMetric { SSD, NCC, LocalNCC, NMI };
const char* ToString(SimilarityMetric metric) noexcept;
/// "ssd", "ncc", "lncc", "nmi" (case-insensitive); throws InvalidArgument naming the text.
SimilarityMetric ParseSimilarityMetric(const char* text);

/// moving point = matrix * fixed point + offset (row-major matrix, mm), as ITK's
/// MatrixOffsetTransformBase::GetMatrix() / GetOffset().
struct AffineTransform {
  std::array<double, 9> matrix{1, 0, 0, 0, 1, 0, 0, 0, 1};
  std::array<double, 3> offset{0, 0, 0};
  bool isIdentity() const noexcept;
};

/// What an observer sees after every accepted optimiser step.
struct IterationReport {
  int level = 0; ///< 0 = coarsest
  int levels = 1;
  int iteration = 0; ///< within the level, from 1
  double cost = 0.0; ///< similarity + regularisation
  double similarity = 0.0;
  double regularisation = 0.0;
  int evaluations = 0; ///< cost evaluations so far in this level (line search included)
  bool affine = false; ///< an iteration of the affine stage (regularisation 0), not the B-spline's
};

/// Backend, threads, cancellation, progress and the report come from ExecutionOptions: progress
/// after every iteration of the B-spline levels ((level + iteration / maximumIterations) /
/// levels, then 1 at the end), cancellation polled after every iteration of the affine stage and
/// the levels. Register does not use `stream` or `deviceMemoryBudget`.
struct RegistrationOptions : ExecutionOptions {
  /// The defaults are the CT-CT settings of the registration benchmark (local NCC, sigma 3 mm,
  /// grid 10 mm, bending 10, 3 levels, 50 iterations): SSD, the former default, follows noise
  /// and intensity differences into folds and into results worse than no registration
  /// (Documentation/registration.md, "Defaults"). SSD stays selectable.
  SimilarityMetric metric = SimilarityMetric::LocalNCC;
  int levels = 3;
  double gridSpacing = 10.0;  ///< control-point spacing (mm) at the finest level, all axes
  int maximumIterations = 50; ///< per level
  double relativeTolerance = 1e-6;
  /// Penalty weights: every metric's cost is of order 1 (SSD in units of the fixed image's
  /// variance), so one weight suits them all; 10 keeps CT-to-CT warps of 10 mm fold-free.
  double bendingEnergyWeight = 10.0;
  double linearElasticityWeight = 0.0;
  double logJacobianWeight = 0.0;
  int histogramBins = 64;     ///< NMI
  double localNccSigma = 3.0; ///< mm, LocalNCC's Gaussian window
  /// The voxels the metric is evaluated on per level (Sampling.h); Full by default. CPU only.
  VoxelSampling sampling;
  /// The affine pre-alignment; the identity when not set.
  std::optional<AffineTransform> initialAffine;
  /// Estimate an affine pre-alignment before the B-spline levels, starting from initialAffine or
  /// the identity: 12 parameters by L-BFGS with the same metric, iterations and tolerance, on all
  /// pyramid levels but the finest (on the only one with levels = 1). The result is
  /// RegistrationResult::affine.
  bool affineStage = false;
  /// Value written where the warped image samples outside the moving image (as ITK's
  /// ResampleImageFilter's default pixel value).
  double defaultPixelValue = 0.0;
  /// Called after every iteration; returning false stops the registration (Register throws
  /// cumed::Cancelled).
  std::function<bool(const IterationReport&)> observer;
};

/// Where a registration's time went (wall clock).
struct RegistrationTiming {
  double prepareSeconds = 0.0;      ///< input conversion, checks, pyramid
  double affineSeconds = 0.0;       ///< the affine stage (0 without it)
  std::vector<double> levelSeconds; ///< per level, coarsest first (set-up and optimisation)
  double outputSeconds = 0.0;       ///< field, warped image, Jacobian
};

struct RegistrationResult {
  BSplineGrid grid;       ///< u, as an itk::BSplineTransform<double, 3, 3> lays it out
  AffineTransform affine; ///< A (the estimated one with affineStage, else initialAffine)
  /// Dense field on the fixed grid (Float32, 3 components, mm): A(x + u(x)) - x.
  Image displacementField;
  Image warpedImage;           ///< moving resampled on the fixed grid (Float32, trilinear)
  Image jacobianDeterminant;   ///< of x -> A(x + u(x)) (Float32)
  JacobianStatistics jacobian; ///< over the fixed mask when given
  /// At the finest level under initialAffine (or the identity) alone: before the affine stage
  /// and the B-spline levels.
  double similarityBefore = 0.0;
  double similarityAfter = 0.0;
  std::vector<int> iterations;    ///< per level
  Backend backend = Backend::CPU; ///< the backend that ran
  double seconds = 0.0;
  std::vector<int> affineIterations; ///< per affine-stage level; empty without affineStage
  RegistrationTiming timing;
  /// The end-of-run check (Quality.h): folding and a result worse than the start; Register logs
  /// each of its warnings at warning level.
  RegistrationQuality quality;
};

/// Throws InvalidArgument naming the field and value (cumed/core/NumberRules.h) for options out
/// of range: gridSpacing 0 < s <= 1e6 mm; defaultPixelValue within float's range (+-3.4e38: the
/// warped image is float32); localNccSigma 0 < sigma <= 1e6 mm (LocalNCC); levels 1..8;
/// iterations >= 0; weights and tolerance finite and >= 0; bins 4..1024 (NMI). Register calls
/// it first; programs and Python call it to refuse a bad value before reading any image.
void CheckRegistrationOptions(const RegistrationOptions& options);

/// Registers `moving` onto `fixed` (scalar images of any pixel type, host or device, 3D or one
/// slice thick). `fixedMask`: UInt8 on the fixed geometry, nonzero = counted. `movingMask`
/// (elastix's moving mask): UInt8 in moving space, on any grid of the moving image's dimension;
/// a fixed voxel counts only where its current mapped position falls on a nonzero mask voxel
/// (nearest voxel; outside the mask image = 0), in the similarity, its gradient and the
/// end-of-run check: an artefact or a region absent from the fixed image pulls on nothing.
/// Outputs are host images unless `outputs` says Device. Throws InvalidArgument naming the
/// problem (different dimension, a fixed mask of the wrong geometry, a mask with no nonzero voxel,
/// NaN pixels, an image whose contrast lies only in denormal floats (denormal pixels are
/// otherwise flushed to zero), a grid spacing below a voxel, no overlap), cumed::Cancelled when the
/// observer stopped it, CudaError when CUDA is asked for and not usable.
RegistrationResult Register(const Image& fixed, const Image& moving,
                            const RegistrationOptions& options = {},
                            const Image* fixedMask = nullptr, const Image* movingMask = nullptr,
                            MemoryLocation outputs = MemoryLocation::Host);

} // namespace cumed::registration
