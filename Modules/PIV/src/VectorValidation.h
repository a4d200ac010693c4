#pragma once
// Validation of one vector among its neighbours, shared by both backends: element-wise tests
// (peak-to-peak, global limits), the normalised median test and the replacement value.
#include "cumed/core/HostDevice.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

#include <math.h>

namespace cumed::piv::detail {

/// The largest neighbourhood radius: (2*3+1)^2 - 1 = 48 neighbours.
constexpr int kMaxNeighbourhoodRadius = 3;
constexpr int kMaxNeighbours =
    (2 * kMaxNeighbourhoodRadius + 1) * (2 * kMaxNeighbourhoodRadius + 1);

/// ValidationOptions in float, for kernels.
struct ValidationParameters {
  bool medianTest = true;
  float threshold = 2.f, epsilon = 0.1f;
  int radius = 1;
  float minPeakToPeak = 0.f;
  float minU = -INFINITY, maxU = INFINITY, minV = -INFINITY, maxV = INFINITY;
  Replacement replacement = Replacement::LocalMedian;
  int iterations = 10;
};
ValidationParameters ParametersOf(const ValidationOptions& options);

/// Median of values[0..count) (count >= 1); reorders them.
CUMED_HOST_DEVICE float MedianOf(float* values, int count) {
  for (int i = 1; i < count; ++i) {
    const float key = values[i];
    int j = i - 1;
    while (j >= 0 && values[j] > key) {
      values[j + 1] = values[j];
      --j;
    }
    values[j + 1] = key;
  }
  return count % 2 ? values[count / 2] : 0.5f * (values[count / 2 - 1] + values[count / 2]);
}

/// The flags of the element-wise tests for one vector (the correlation's own flags are kept).
CUMED_HOST_DEVICE unsigned char ElementwiseFlags(float u, float v, float peakToPeak,
                                                 unsigned char flags,
                                                 const ValidationParameters& p) {
  flags &= (Masked | InvalidPeak | BeyondQuarterWindow);
  if (flags) return flags;
  if (peakToPeak < p.minPeakToPeak) flags |= LowPeakToPeak;
  if (!(u >= p.minU && u <= p.maxU && v >= p.minV && v <= p.maxV)) flags |= OutOfRange;
  return flags;
}

/// The u, v of the neighbours of (c, r) (itself excluded, radius p.radius) whose `state` is
/// non-zero when `wantSet`, zero otherwise; returns how many.
CUMED_HOST_DEVICE int GatherNeighbours(const float* u, const float* v, const unsigned char* state,
                                       bool wantSet, int columns, int rows, int c, int r,
                                       const ValidationParameters& p, float* nu, float* nv) {
  int count = 0;
  for (int dr = -p.radius; dr <= p.radius; ++dr)
    for (int dc = -p.radius; dc <= p.radius; ++dc) {
      const int cc = c + dc, rr = r + dr;
      if ((dc == 0 && dr == 0) || cc < 0 || rr < 0 || cc >= columns || rr >= rows) continue;
      const int j = rr * columns + cc;
      if ((state[j] != 0) != wantSet) continue;
      nu[count] = u[j];
      nv[count] = v[j];
      ++count;
    }
  return count;
}

/// Normalised median test of vector (c, r) against its neighbours without flags. A component
/// fails when |x - median| / (median of the neighbours' |x_j - median| + epsilon) > threshold.
CUMED_HOST_DEVICE bool FailsMedianTest(const float* u, const float* v, const unsigned char* flags,
                                       int columns, int rows, int c, int r,
                                       const ValidationParameters& p) {
  float nu[kMaxNeighbours], nv[kMaxNeighbours];
  const int count = GatherNeighbours(u, v, flags, false, columns, rows, c, r, p, nu, nv);
  if (count == 0) return false;
  const int i = r * columns + c;
  const float mu = MedianOf(nu, count), mv = MedianOf(nv, count);
  for (int k = 0; k < count; ++k) {
    nu[k] = fabsf(nu[k] - mu);
    nv[k] = fabsf(nv[k] - mv);
  }
  const float ru = MedianOf(nu, count), rv = MedianOf(nv, count);
  return fabsf(u[i] - mu) / (ru + p.epsilon) > p.threshold ||
         fabsf(v[i] - mv) / (rv + p.epsilon) > p.threshold;
}

/// The replacement of vector (c, r) from its usable neighbours (median or mean); false when it
/// has none.
CUMED_HOST_DEVICE bool ReplacementAt(const float* u, const float* v, const unsigned char* usable,
                                     int columns, int rows, int c, int r,
                                     const ValidationParameters& p, float& ru, float& rv) {
  float nu[kMaxNeighbours], nv[kMaxNeighbours];
  const int count = GatherNeighbours(u, v, usable, true, columns, rows, c, r, p, nu, nv);
  if (count == 0) return false;
  if (p.replacement == Replacement::LocalMean) {
    float su = 0.f, sv = 0.f;
    for (int k = 0; k < count; ++k) {
      su += nu[k];
      sv += nv[k];
    }
    ru = su / float(count);
    rv = sv / float(count);
  } else {
    ru = MedianOf(nu, count);
    rv = MedianOf(nv, count);
  }
  return true;
}

} // namespace cumed::piv::detail
