#pragma once
// One voxel of the affine stage's kernels, as host+device code: the CPU loops and the CUDA
// threads call the same functions (doubles, no contraction), so both backends write the same
// displacement bits and add the same per-voxel terms.
//
// The affine stage's displacement of a fixed point x is u(x) = L (x - c) + t (c: the fixed
// image's physical centre); its gradient needs dCost/dL = sum_x g(x) (x - c)^T and
// dCost/dt = sum_x g(x), g(x) = dCost/du(x).
#include "cumed/core/HostDevice.h"

#include <cstdint>

namespace cumed::registration::detail {

/// Fixed voxel index -> physical point relative to the centre: q = indexToPhysical * index +
/// originMinusCentre (row-major, mm).
struct AffineFrame {
  double indexToPhysical[9];
  double originMinusCentre[3];
};

/// u(x) = L q + t (L row-major).
struct AffineParameters {
  double L[9];
  double t[3];
};

/// dCost/dL (row-major, [3 r + s]) then dCost/dt ([9 + r]).
constexpr int kAffineSums = 12;

CUMED_HOST_DEVICE void RelativePoint(const AffineFrame& f, std::int64_t i, std::int64_t j,
                                     std::int64_t k, double q[3]) {
  const double p[3] = {static_cast<double>(i), static_cast<double>(j), static_cast<double>(k)};
  CUMED_UNROLL
  for (int r = 0; r < 3; ++r)
    q[r] = f.indexToPhysical[3 * r] * p[0] + f.indexToPhysical[3 * r + 1] * p[1] +
           f.indexToPhysical[3 * r + 2] * p[2] + f.originMinusCentre[r];
}

/// Writes u at voxel v = (i, j, k) into field (3 x voxels, `voxels` apart).
CUMED_HOST_DEVICE void AffineFieldVoxel(const AffineFrame& f, const AffineParameters& a,
                                        std::int64_t voxels, std::int64_t v, std::int64_t i,
                                        std::int64_t j, std::int64_t k, float* field) {
  double q[3];
  RelativePoint(f, i, j, k, q);
  CUMED_UNROLL
  for (int r = 0; r < 3; ++r)
    field[r * voxels + v] = static_cast<float>(a.L[3 * r] * q[0] + a.L[3 * r + 1] * q[1] +
                                               a.L[3 * r + 2] * q[2] + a.t[r]);
}

/// Adds voxel v's terms of the 12 sums to acc; g is dCost/du (3 x voxels).
CUMED_HOST_DEVICE void AddAffineGradientTerms(const AffineFrame& f, const float* g,
                                              std::int64_t voxels, std::int64_t v, std::int64_t i,
                                              std::int64_t j, std::int64_t k, double* acc) {
  const double d[3] = {g[v], g[voxels + v], g[2 * voxels + v]};
  if (d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.0) return; // not counted: adds exact zeros
  double q[3];
  RelativePoint(f, i, j, k, q);
  CUMED_UNROLL
  for (int r = 0; r < 3; ++r) {
    CUMED_UNROLL
    for (int s = 0; s < 3; ++s) acc[3 * r + s] += d[r] * q[s];
    acc[9 + r] += d[r];
  }
}

} // namespace cumed::registration::detail
