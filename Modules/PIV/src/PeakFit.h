#pragma once
// From a correlation plane to a vector: the peak's neighbourhood, the 3-point sub-pixel fits and
// the signal-to-noise ratios. Both backends search the plane their own way (a loop, a block
// reduction) with the same rules, then call EvaluatePeak.
#include "cumed/core/HostDevice.h"
#include "cumed/piv/PivField.h"
#include "src/PassGrid.h"

#include <math.h>

namespace cumed::piv::detail {

/// The second peak is the highest value whose circular distance from the peak exceeds this in x
/// or in y (a 5x5 neighbourhood is excluded: the peak's own flanks are not a second peak).
constexpr int kPeakExclusionRadius = 2;
/// Ratios are capped here instead of dividing by zero or a negative value.
constexpr float kMaxRatio = 1e6f;

CUMED_HOST_DEVICE int CircularDistance(int a, int b, int n) {
  int d = a > b ? a - b : b - a;
  return d < n - d ? d : n - d;
}

/// True when buffer index k (row-major in an n x n plane) lies in the peak's neighbourhood.
CUMED_HOST_DEVICE bool NearPeak(int k, int peakIndex, int n) {
  return CircularDistance(k % n, peakIndex % n, n) <= kPeakExclusionRadius &&
         CircularDistance(k / n, peakIndex / n, n) <= kPeakExclusionRadius;
}

CUMED_HOST_DEVICE float ParabolicOffset(float l, float c, float r) {
  const float d = 2.f * l - 4.f * c + 2.f * r;
  return d != 0.f ? (l - r) / d : 0.f;
}

/// Offset of the true peak from the middle sample, in (-1, 1); 0 when no fit is possible.
CUMED_HOST_DEVICE float FitOffset(float l, float c, float r, SubPixelFit fit) {
  float offset = 0.f;
  const bool positive = l > 0.f && c > 0.f && r > 0.f;
  if (fit == SubPixelFit::Gaussian && positive) {
    const float ll = logf(l), lc = logf(c), lr = logf(r);
    const float d = 2.f * ll - 4.f * lc + 2.f * lr;
    offset = d != 0.f ? (ll - lr) / d : 0.f;
  } else if (fit == SubPixelFit::Centroid && positive) {
    offset = (r - l) / (l + c + r);
  } else {
    offset = ParabolicOffset(l, c, r);
  }
  return (isfinite(offset) && fabsf(offset) < 1.f) ? offset : 0.f;
}

/// What the search of one plane found: the peak (first maximum in row-major order), the second
/// peak (maximum outside NearPeak) and the sum of the positive values.
struct PlaneSearch {
  int peakIndex = 0;
  float peak = 0.f;
  float second = 0.f;
  float positiveSum = 0.f;
};

struct WindowVector {
  float u = 0.f, v = 0.f, peak = 0.f, second = 0.f, peakToPeak = 0.f, peakToMean = 0.f;
  unsigned char flags = 0;
};

CUMED_HOST_DEVICE float CappedRatio(float numerator, float denominator) {
  if (numerator <= 0.f) return 0.f;
  return denominator > numerator / kMaxRatio ? numerator / denominator : kMaxRatio;
}

/// Pixel pairs that a shift s (along one axis) can match: the first frame's window (at offset
/// `extension` in the buffer) against the second frame's grown window (0 .. window+2*extension).
/// A correlation value at shift s sums that many products, so the peak of a displacement d is
/// weighted by pairs(d): the "loss of pairs" that biases it towards zero.
CUMED_HOST_DEVICE float PairCount(int s, const PassGrid& g) {
  const int span = g.windowSize + 2 * g.extension;
  const int lo = g.extension > -s ? g.extension : -s;
  const int hi = g.extension + g.windowSize < span - s ? g.extension + g.windowSize : span - s;
  return hi > lo ? float(hi - lo) : 0.f;
}

/// The three values around the peak along one axis, divided by their pair counts when the pass
/// corrects for pair loss.
CUMED_HOST_DEVICE float FitAxis(float l, float c, float r, int shift, const PassGrid& g,
                                SubPixelFit fit) {
  if (g.correctPairLoss) {
    const float wl = PairCount(shift - 1, g), wc = PairCount(shift, g),
                wr = PairCount(shift + 1, g);
    if (wl > 0.f && wc > 0.f && wr > 0.f) {
      l /= wl;
      c /= wc;
      r /= wr;
    }
  }
  return FitOffset(l, c, r, fit);
}

/// The displacement (integer peak shift + sub-pixel offset) and its quality measures; a peak
/// beyond QuarterWindowLimit keeps its measures but gives no displacement (BeyondQuarterWindow).
CUMED_HOST_DEVICE WindowVector EvaluatePeak(const float* plane, const PassGrid& g,
                                            const PlaneSearch& s, SubPixelFit fit) {
  const int n = g.fftSize;
  WindowVector w;
  // No positive peak (a uniform window), or a plane of NaN (non-finite pixels in the window):
  // every output stays zero, so the field holds no non-finite value.
  if (!(s.peak > 0.f) || !isfinite(s.peak) || !isfinite(s.positiveSum)) {
    w.flags = InvalidPeak;
    return w;
  }
  const int px = s.peakIndex % n, py = s.peakIndex / n;
  const int left = py * n + (px + n - 1) % n, right = py * n + (px + 1) % n;
  const int up = ((py + n - 1) % n) * n + px, down = ((py + 1) % n) * n + px;
  w.peak = s.peak;
  w.second = s.second;
  w.peakToPeak = CappedRatio(s.peak, s.second);
  w.peakToMean = CappedRatio(s.peak, s.positiveSum / float(n * n));
  const int sx = ShiftOf(px, n), sy = ShiftOf(py, n);
  w.u = float(sx) + FitAxis(plane[left], s.peak, plane[right], sx, g, fit);
  w.v = float(sy) + FitAxis(plane[up], s.peak, plane[down], sy, g, fit);
  const float limit = QuarterWindowLimit(g);
  if (fabsf(w.u) > limit || fabsf(w.v) > limit) {
    w.u = w.v = 0.f;
    w.flags = BeyondQuarterWindow;
  }
  return w;
}

} // namespace cumed::piv::detail
