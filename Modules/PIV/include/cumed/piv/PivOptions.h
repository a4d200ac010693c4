#pragma once
// Settings of a PIV evaluation: interrogation windows and passes, correlation, sub-pixel fit,
// validation and replacement, mask. Every field is checked before any work starts; a bad value
// throws cumed::InvalidArgument naming the field and the value.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace cumed::piv {

/// How the correlation peak is located between pixels (3 points along x and along y).
enum class SubPixelFit {
  Gaussian, ///< 3-point Gaussian (default); parabolic where a value is not positive
  Centroid, ///< 3-point centre of mass; parabolic where a value is not positive
  Parabolic ///< 3-point parabola
};
/// How frames are resampled by the predictor in multi-pass window deformation. Small particle
/// images resampled between pixels bias the residual displacement (it grows with the distance of
/// the half-displacement's fraction from 0.5: -0.012 px at 0.047 with the spline on 2-3 px
/// particles); the longer the kernel, the smaller the bias: Documentation/piv.md measures them.
enum class Interpolation {
  Bilinear, ///< 2x2 pixels
  Bicubic,  ///< interpolating cubic B-spline (frames prefiltered once), 4x4 coefficients
  Lanczos   ///< Lanczos-windowed sinc (a = 6), 12x12 pixels: the most accurate (default)
};
/// In which passes the sub-pixel fit is corrected for the loss of pixel pairs (PivOptions).
enum class PairLossCorrection {
  None,      ///< never
  FirstPass, ///< the first, undeformed pass only (default)
  AllPasses  ///< every pass, deformed ones too
};
/// What replaces a vector flagged by validation.
enum class Replacement {
  None,        ///< keep the flagged value (flags only)
  LocalMedian, ///< median of the valid neighbours (default)
  LocalMean    ///< mean of the valid neighbours
};

const char* ToString(SubPixelFit fit) noexcept;
const char* ToString(Interpolation interpolation) noexcept;
const char* ToString(Replacement replacement) noexcept;
const char* ToString(PairLossCorrection correction) noexcept;

/// Outlier detection and replacement, run after every pass.
struct ValidationOptions {
  /// Normalised median test (Westerweel & Scarano 2005), each component on its own: a vector is
  /// an outlier when |u - median| / (median residual + epsilon) > threshold for u or for v.
  bool medianTest = true;
  double medianThreshold = 2.0; ///< > 0
  double medianEpsilon = 0.1;   ///< px, >= 0: the expected noise level
  int neighbourhoodRadius = 1;  ///< 1..3: a (2r+1)^2 neighbourhood (3x3 by default)
  /// Vectors whose peak-to-peak ratio is below this are flagged; 0 = off (>= 0).
  double minPeakToPeak = 0.0;
  /// Global limits on the displacement (px); vectors outside are flagged. Defaults: no limit.
  double minU = -std::numeric_limits<double>::infinity();
  double maxU = std::numeric_limits<double>::infinity();
  double minV = -std::numeric_limits<double>::infinity();
  double maxV = std::numeric_limits<double>::infinity();
  Replacement replacement = Replacement::LocalMedian;
  /// Sweeps of replacement: each fills the flagged vectors that have a valid (or already
  /// replaced) neighbour, so clusters of outliers fill from their edges. 1..1000.
  int replacementIterations = 10;
};

/// Every pass flags (VectorFlag BeyondQuarterWindow) a correlation peak farther than
/// searchExtension + windowSize / 4 px from zero along x or y instead of returning it: beyond
/// that, more than a quarter of the pairs is lost and an alias (a 20 px shift in 32 px windows
/// reads -12 px) cannot be told from a true peak. In deformation passes the limit applies to
/// the residual after the predictor.
/// Backend, stream, threads, progress, cancellation and the report come from ExecutionOptions.
struct PivOptions : ExecutionOptions {
  /// Interrogation window size (px, square, 8..128, any size) of each pass: one entry = one
  /// pass; more = multi-pass window deformation (e.g. {64, 32, 16}).
  std::vector<int> windowSizes{32};
  /// Fraction of a window shared with its neighbour, 0..0.75; the grid step is
  /// round(windowSize * (1 - overlap)) px.
  double overlap = 0.5;
  /// First pass only: the window of the second frame grows by this many px on each side, so
  /// displacements beyond half a window are found (0..128).
  int searchExtension = 0;
  /// Subtract each window's mean before correlating (recommended).
  bool removeMean = true;
  /// Divide the correlation by the windows' energies (sqrt(sum a^2 * sum b^2)): peak values in
  /// [-1, 1], comparable between windows.
  bool normalizedCorrelation = false;
  /// Zero-pad windows to twice their size: linear instead of circular correlation.
  bool zeroPadding = false;
  SubPixelFit subPixel = SubPixelFit::Gaussian;
  /// Divide the three correlation values of each sub-pixel fit by the number of pixel pairs
  /// their shift can match (fewer as the shift grows): removes the bias towards zero that
  /// windows losing particles over their edge give an undeformed pass (about -0.03 px at
  /// 1..3 px with 32 px windows and 2.5 px particles). Deformed passes measure a residual near
  /// zero on windows that lose no pairs, where the correction only adds error (9-12 % more RMS
  /// on 64-32-16): hence the first pass only by default.
  PairLossCorrection pairLossCorrection = PairLossCorrection::FirstPass;
  /// Resampling of the frames in deformation passes (passes after the first).
  Interpolation deformation = Interpolation::Lanczos;
  /// Deformation passes: the previous (validated) field is averaged over a (2r+1)^2
  /// neighbourhood of unmasked vectors before it predicts the next pass; 0 = off, 1..3.
  int predictorSmoothing = 1;
  ValidationOptions validation;
  /// Optional static mask, same size as the frames, in the frames' memory; a non-zero pixel is
  /// masked. A window whose centre pixel is masked yields no vector (flag Masked).
  ImageView<const std::uint8_t> mask;
};

} // namespace cumed::piv
