#pragma once
// A reference single-pass PIV written from Documentation/piv.md alone, sharing no code with the
// module (no src/ header, no FFT): each window's correlation summed directly in double precision
// over every circular shift, the peak rules (first maximum, 5x5 exclusion, capped ratios), the
// 3-point fits, the pair-loss weights and the quarter-window limit restated here. Besides each
// vector it says how far the float FFT of the backends may move it: `uTolerance` is how much the
// fit changes when its three values move by the float error, and `ambiguous` marks windows whose
// integer peak or flag a float error could flip (a near-tie, a fit at the limit).
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

#include <vector>

namespace cumed::piv::test {

struct DirectVector {
  float u = 0, v = 0, peak = 0, second = 0, peakToPeak = 0, peakToMean = 0;
  unsigned char flags = 0;
  double energyScale = 0;    ///< sqrt(energy a * energy b): the largest |correlation| possible
  double valueTolerance = 0; ///< how far a float FFT may move a correlation value
  double uTolerance = 0;     ///< px, for u and v
  bool ambiguous = false;
};

/// The vectors of pass 0 of `options` (window, overlap, search extension, zero padding, mean
/// removal, normalisation, fit, pair-loss correction) for host frames of any pixel type, without
/// validation or mask. `floatError` is the float error of a correlation value relative to the
/// larger window energy max(sum a^2, sum b^2) that the tolerances allow for: the CUDA kernel
/// transforms a + ib in one complex FFT, so the weaker window's spectrum carries the stronger
/// one's rounding (seen: 5e-5 of sqrt(sum a^2 sum b^2) on 8 px windows of unequal content).
std::vector<DirectVector> DirectPiv(const Image& first, const Image& second,
                                    const PivOptions& options, double floatError = 4e-6);

/// The number of multiply-adds DirectPiv spends on frames of this size.
double DirectPivCost(int width, int height, const PivOptions& options);

} // namespace cumed::piv::test
