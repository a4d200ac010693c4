#pragma once
// The cubic B-spline evaluation both backends run (host and device code): the fixed voxel's
// physical point, its continuous index in the coefficient grid, ITK's inside-the-support rule, the
// per-axis basis weights and the 4x4x4 tensor sum. Doubles throughout, as ITK evaluates them.
#include "cumed/core/HostDevice.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace cumed::registration::detail {

/// What the evaluation needs, as plain numbers (a kernel parameter).
struct Sampling {
  double fixedOrigin[3];
  double fixedIndexToPhysical[9]; ///< direction * diag(spacing), row-major
  std::int64_t fixedSize[3];
  double gridOrigin[3];
  double physicalToGridIndex[9]; ///< inverse(direction * diag(spacing)) of the coefficient grid
  std::int64_t gridSize[3];
};

CUMED_HOST_DEVICE std::int64_t BitsOf(double x) {
#if defined(__CUDA_ARCH__)
  return __double_as_longlong(x);
#else
  std::int64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
#endif
}

CUMED_HOST_DEVICE double FromBits(std::int64_t bits) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(bits);
#else
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
#endif
}

/// ITK's Math::FloatAlmostEqual(x, limit, 4) for a limit > 0 (absolute difference within a tenth
/// of epsilon, or the same sign and at most 4 units in the last place apart).
CUMED_HOST_DEVICE bool AlmostEqualPositive(double x, double limit) {
  if (fabs(x - limit) <= 0.1 * 2.220446049250313e-16) return true;
  if (!(x > 0.0)) return false;
  const std::int64_t ulps = BitsOf(x) - BitsOf(limit);
  return ulps >= -4 && ulps <= 4;
}

/// ITK's BSplineTransform::InsideValidRegion for order 3 along one axis: the continuous index
/// must lie in [1, size - 2) so that the 4-point support stays inside the grid; an index within
/// 4 ULPs of the upper limit counts as inside and moves 6 ULPs below it.
CUMED_HOST_DEVICE bool InsideSupport(double& index, std::int64_t gridSize) {
  const double maxLimit = static_cast<double>(gridSize) - 1.0 - 1.0;
  if (AlmostEqualPositive(index, maxLimit)) {
    index = FromBits(BitsOf(maxLimit) - 6);
    return true;
  }
  return !(index >= maxLimit || index < 1.0);
}

/// First control point of the support along one axis (ITK's expression, rounding included).
CUMED_HOST_DEVICE std::int64_t SupportStart(double index) {
  return static_cast<std::int64_t>(floor(index + 0.5 - 3 / 2.0));
}

/// The cubic B-spline's four weights at t = index - (start + 1), in [0, 1]: B3(t + 1), B3(t),
/// B3(t - 1), B3(t - 2); they sum to 1.
CUMED_HOST_DEVICE void CubicWeights(double t, double w[4]) {
  const double s = 1.0 - t;
  const double t2 = t * t, t3 = t2 * t;
  w[0] = s * s * s / 6.0;
  w[1] = (3.0 * t3 - 6.0 * t2 + 4.0) / 6.0;
  w[2] = (-3.0 * t3 + 3.0 * t2 + 3.0 * t + 1.0) / 6.0;
  w[3] = t3 / 6.0;
}

/// The support along one axis at a continuous index: its first control point (-1 when the
/// point is outside ITK's valid region) and its four weights.
struct AxisSupport {
  std::int64_t start;
  double w[4];
};

CUMED_HOST_DEVICE AxisSupport SupportAt(double index, std::int64_t gridSize) {
  AxisSupport support{-1, {0.0, 0.0, 0.0, 0.0}};
  if (!InsideSupport(index, gridSize)) return support;
  support.start = SupportStart(index);
  CubicWeights(index - static_cast<double>(support.start) - 1.0, support.w);
  return support;
}

/// p = origin + M * index for a 3x3 row-major M.
CUMED_HOST_DEVICE void Affine(const double origin[3], const double m[9], const double in[3],
                              double out[3]) {
  CUMED_UNROLL
  for (int r = 0; r < 3; ++r)
    out[r] = origin[r] + (m[3 * r] * in[0] + m[3 * r + 1] * in[1] + m[3 * r + 2] * in[2]);
}

/// The continuous index in the coefficient grid of fixed voxel (i, j, k) along `axis`, computed
/// as ITK does: the voxel's physical point first, then the grid's physical-to-index matrix.
CUMED_HOST_DEVICE void GridIndexOf(const Sampling& s, std::int64_t i, std::int64_t j,
                                   std::int64_t k, double index[3]) {
  const double fixedIndex[3] = {static_cast<double>(i), static_cast<double>(j),
                                static_cast<double>(k)};
  double point[3];
  Affine(s.fixedOrigin, s.fixedIndexToPhysical, fixedIndex, point);
  const double rel[3] = {point[0] - s.gridOrigin[0], point[1] - s.gridOrigin[1],
                         point[2] - s.gridOrigin[2]};
  const double zero[3] = {0.0, 0.0, 0.0};
  Affine(zero, s.physicalToGridIndex, rel, index);
}

/// The 4 x 4 x 4 tensor sum of the three components' coefficients (mm); zero when any axis is
/// outside the valid region.
CUMED_HOST_DEVICE void SumSupport(const AxisSupport& x, const AxisSupport& y, const AxisSupport& z,
                                  const std::int64_t gridSize[3], const double* cx,
                                  const double* cy, const double* cz, double u[3]) {
  u[0] = u[1] = u[2] = 0.0;
  if (x.start < 0 || y.start < 0 || z.start < 0) return;
  const std::int64_t nx = gridSize[0], nxy = nx * gridSize[1];
  CUMED_UNROLL
  for (int c = 0; c < 4; ++c) {
    CUMED_UNROLL
    for (int b = 0; b < 4; ++b) {
      const double wzy = z.w[c] * y.w[b];
      const std::int64_t row = (z.start + c) * nxy + (y.start + b) * nx + x.start;
      CUMED_UNROLL
      for (int a = 0; a < 4; ++a) {
        const double weight = wzy * x.w[a];
        u[0] += weight * cx[row + a];
        u[1] += weight * cy[row + a];
        u[2] += weight * cz[row + a];
      }
    }
  }
}

/// The displacement (mm) at fixed voxel (i, j, k) of any fixed grid: the per-axis supports
/// computed for this voxel alone.
CUMED_HOST_DEVICE void DisplacementAt(const Sampling& s, const double* cx, const double* cy,
                                      const double* cz, std::int64_t i, std::int64_t j,
                                      std::int64_t k, double u[3]) {
  double index[3];
  GridIndexOf(s, i, j, k, index);
  SumSupport(SupportAt(index[0], s.gridSize[0]), SupportAt(index[1], s.gridSize[1]),
             SupportAt(index[2], s.gridSize[2]), s.gridSize, cx, cy, cz, u);
}

/// Voxel (i, j, k)'s displacement as floats into out[0..2]: from the per-axis supports when
/// `along` holds them (nx, then ny, then nz entries), else from the voxel's own position.
CUMED_HOST_DEVICE void WriteVoxelDisplacement(const Sampling& s, const AxisSupport* along,
                                              const double* cx, const double* cy, const double* cz,
                                              std::int64_t i, std::int64_t j, std::int64_t k,
                                              float* out) {
  const std::int64_t nx = s.fixedSize[0], ny = s.fixedSize[1];
  double u[3];
  if (along)
    SumSupport(along[i], along[nx + j], along[nx + ny + k], s.gridSize, cx, cy, cz, u);
  else
    DisplacementAt(s, cx, cy, cz, i, j, k, u);
  out[0] = static_cast<float>(u[0]);
  out[1] = static_cast<float>(u[1]);
  out[2] = static_cast<float>(u[2]);
}

} // namespace cumed::registration::detail
