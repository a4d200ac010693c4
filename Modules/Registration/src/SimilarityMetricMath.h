#pragma once
// The per-voxel formulas of the similarity metrics, host and device code, so both backends compute
// every term the same way (see SimilarityMetrics.h for the costs). Doubles throughout.
#include "cumed/core/HostDevice.h"

#include <cmath>
#include <cstdint>

namespace cumed::registration::detail {

/// Voxels per partial sum: reductions add fixed-size chunks, then the chunks in index order, so
/// the result does not depend on the number of threads.
constexpr std::int64_t kMetricChunk = 4096;

/// Whether voxel v counts: every voxel without a mask, else the mask's nonzero ones.
CUMED_HOST_DEVICE bool Counted(const std::uint8_t* mask, std::int64_t v) {
  return !mask || mask[v] != 0;
}

// ---- NCC -------------------------------------------------------------------------------------

/// The global moments NCC needs: sums over the counted voxels, centred on the means.
struct NccMoments {
  double count, meanF, meanW;
  double varF, varW, cov; ///< centred second moments divided by count
};

CUMED_HOST_DEVICE NccMoments MakeNccMoments(double count, double sumF, double sumW,
                                            double centredFF, double centredWW, double centredFW) {
  return NccMoments{
      count, sumF / count, sumW / count, centredFF / count, centredWW / count, centredFW / count};
}

/// dCost/dwarped at a counted voxel, cost = -cov / sqrt(varF varW).
CUMED_HOST_DEVICE double NccDerivative(const NccMoments& m, double f, double w) {
  const double scale = -1.0 / (m.count * sqrt(m.varF * m.varW));
  return scale * ((f - m.meanF) - m.cov * (w - m.meanW) / m.varW);
}

// ---- LocalNCC ----------------------------------------------------------------------------------

/// The local squared NCC at one counted voxel from its Gaussian-window sums of the mask (s1) and of
/// mask * (F, W, F^2, W^2, F W), and the partial derivatives of it with respect to the sums that
/// depend on W (dSfw, dSww, dSw): the derivative's per-voxel coefficient images.
struct LocalNccTerm {
  double r, dSfw, dSww, dSw;
};

/// A window whose variance is below this fraction of its second moment is flat (the single-pass
/// variance there is rounding noise): it adds nothing to the cost.
constexpr double kLocalFlatFraction = 1e-10;

CUMED_HOST_DEVICE LocalNccTerm LocalNcc(double s1, double sf, double sw, double sff, double sww,
                                        double sfw) {
  LocalNccTerm t{0.0, 0.0, 0.0, 0.0};
  if (!(s1 > 0.0)) return t;
  const double inv = 1.0 / s1;
  const double mF = sf * inv, mW = sw * inv;
  const double eF = sff * inv, eW = sww * inv;
  const double vF = eF - mF * mF, vW = eW - mW * mW, cov = sfw * inv - mF * mW;
  if (vF <= kLocalFlatFraction * eF || vW <= kLocalFlatFraction * eW) return t;
  const double den = vF * vW;
  t.r = cov * cov / den;
  t.dSfw = 2.0 * cov / den * inv;
  t.dSww = -t.r / vW * inv;
  t.dSw = inv * (2.0 * t.r * mW / vW - 2.0 * cov * mF / den);
  return t;
}

/// dCost/dwarped at a counted voxel v from the smoothed coefficient images at v; scale = -1/count.
/// W_v enters the windows around it as mask W, mask W^2 and mask F W (the window is symmetric).
CUMED_HOST_DEVICE double LocalNccDerivative(double scale, double f, double w, double smoothedFw,
                                            double smoothedWw, double smoothedW) {
  return scale * (f * smoothedFw + 2.0 * w * smoothedWw + smoothedW);
}

// ---- NMI ---------------------------------------------------------------------------------------

/// Parzen weights are added as fixed-point integers (this many units per 1): integer sums are
/// exact in any order, so the joint histogram is the same bits on every backend and every run.
constexpr double kParzenUnit = 4294967296.0; // 2^32

CUMED_HOST_DEVICE double CubicBSpline(double u) {
  const double a = fabs(u);
  if (a < 1.0) return (4.0 - 6.0 * a * a + 3.0 * a * a * a) / 6.0;
  if (a < 2.0) return (2.0 - a) * (2.0 - a) * (2.0 - a) / 6.0;
  return 0.0;
}

CUMED_HOST_DEVICE double CubicBSplineDerivative(double u) {
  const double a = fabs(u), s = u < 0.0 ? -1.0 : 1.0;
  if (a < 1.0) return s * (-2.0 * a + 1.5 * a * a);
  if (a < 2.0) return -s * 0.5 * (2.0 - a) * (2.0 - a);
  return 0.0;
}

/// Where an intensity falls in the joint histogram: the fixed one's bin (box kernel over B equal
/// bins of the fixed range), the warped one's continuous coordinate t in [1, B-2] (the cubic kernel
/// then spreads it over bins first..first+3, all inside) and dt/dwarped (0 where clamped).
struct ParzenPlace {
  int fixedBin;
  int firstWarpedBin;
  double t, dtdw;
};

CUMED_HOST_DEVICE ParzenPlace PlaceInHistogram(float f, float w, int bins, float fixedLo,
                                               float fixedHi, float movingLo, float movingHi) {
  ParzenPlace p;
  const double fb = floor((double(f) - fixedLo) * bins / (double(fixedHi) - fixedLo));
  p.fixedBin = !(fb > 0.0) ? 0 : fb > bins - 1 ? bins - 1 : int(fb); // NaN: bin 0
  const double perUnit = (bins - 3) / (double(movingHi) - movingLo);
  double t = 1.0 + (double(w) - movingLo) * perUnit;
  p.dtdw = perUnit;
  if (!(t > 1.0)) {
    t = 1.0;
    p.dtdw = 0.0;
  } else if (!(t < bins - 2.0)) {
    t = bins - 2.0;
    p.dtdw = 0.0;
  }
  p.t = t;
  const int whole = int(floor(t));
  p.firstWarpedBin = (whole < bins - 3 ? whole : bins - 3) - 1;
  return p;
}

CUMED_HOST_DEVICE std::uint64_t ParzenUnits(double weight) {
  return static_cast<std::uint64_t>(weight * kParzenUnit + 0.5);
}

/// dCost/dwarped at a counted voxel placed at p; perUnit: the table's row of p's fixed bin from
/// its first warped bin (4 entries).
CUMED_HOST_DEVICE double NmiDerivative(const ParzenPlace& p, const double* perUnit) {
  double sum = 0.0;
  for (int q = 0; q < 4; ++q)
    sum += perUnit[q] * CubicBSplineDerivative(p.firstWarpedBin + q - p.t);
  // d/dw of the weight CubicBSpline(j - t(w)), in units.
  return -sum * p.dtdw * kParzenUnit;
}

} // namespace cumed::registration::detail
