#pragma once
// One output element of each transform kernel, as host+device code: the CPU loops and the CUDA
// threads call the same functions, so both backends add in the same order and round alike.
//
// Scratch layout (floats): the x pass's rows T1[c][cz][cy][i] at scratch[0 ..), then the y pass's
// planes T2[c][cz][j][i] after them (XPassFloats(g) in). The adjoint reuses the two regions: its z
// pass writes the second, its y pass the first.
#include "cumed/core/HostDevice.h"
#include "src/LevelGeometry.h"

#include <cmath>
#include <cstdint>

namespace cumed::registration::detail {

/// Fixed voxels (LevelGeometry::voxels() is host code only).
CUMED_HOST_DEVICE std::int64_t VoxelsOf(const LevelGeometry& g) {
  return g.fixedSize[0] * g.fixedSize[1] * g.fixedSize[2];
}

/// Floats of the x pass's rows (3 * gz * gy * nx); the y pass's planes follow them.
CUMED_HOST_DEVICE std::int64_t XPassFloats(const LevelGeometry& g) {
  return 3 * g.gridSize[2] * g.gridSize[1] * g.fixedSize[0];
}

/// sum_a w[a] * v[a], a = 0..3 in order: the one sum of every forward pass (a kernel that keeps
/// the four values in registers calls it directly).
CUMED_HOST_DEVICE float WeightedSum(const float* w, const float v[4]) {
  float sum = 0.0f;
  CUMED_UNROLL
  for (int a = 0; a < 4; ++a) sum += w[a] * v[a];
  return sum;
}

/// sum_a w[a] * src[a * stride], a = 0..3 in order.
CUMED_HOST_DEVICE float SupportSum(const float* w, const float* src, std::int64_t stride) {
  const float v[4] = {src[0], src[stride], src[2 * stride], src[3 * stride]};
  return WeightedSum(w, v);
}

/// The forward pass along one axis at fixed index `at`: `src` points at control index 0 of the
/// line, `stride` apart; 0 outside the support.
CUMED_HOST_DEVICE float ForwardAlong(const AxisTable& t, std::int64_t at, const float* src,
                                     std::int64_t stride) {
  const std::int32_t start = t.start[at];
  if (start < 0) return 0.0f;
  return SupportSum(t.weight + 4 * at, src + start * stride, stride);
}

/// The adjoint pass along one axis at control index `c`: the weighted sum over the fixed indices
/// whose support holds c, in increasing order; `src` points at fixed index 0 of the line.
CUMED_HOST_DEVICE float GatherAlong(const AxisTable& t, std::int64_t c, const float* src,
                                    std::int64_t stride) {
  float sum = 0.0f;
  const std::int32_t last = t.lastVoxel[c];
  for (std::int32_t v = t.firstVoxel[c]; v <= last; ++v)
    sum += t.weight[4 * static_cast<std::int64_t>(v) + (c - t.start[v])] * src[v * stride];
  return sum;
}

// Forward: coefficients -> T1 (x pass) -> T2 (y pass) -> field (z pass). `plane` is c * gz + cz.

CUMED_HOST_DEVICE float ForwardX(const LevelGeometry& g, const float* coefficients,
                                 std::int64_t plane, std::int64_t cy, std::int64_t i) {
  const std::int64_t line = plane * g.gridSize[1] + cy;
  return ForwardAlong(g.axis[0], i, coefficients + line * g.gridSize[0], 1);
}

CUMED_HOST_DEVICE float ForwardY(const LevelGeometry& g, const float* t1, std::int64_t plane,
                                 std::int64_t j, std::int64_t i) {
  const std::int64_t nx = g.fixedSize[0];
  return ForwardAlong(g.axis[1], j, t1 + plane * g.gridSize[1] * nx + i, nx);
}

CUMED_HOST_DEVICE float ForwardZ(const LevelGeometry& g, const float* t2, std::int64_t c,
                                 std::int64_t k, std::int64_t j, std::int64_t i) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1];
  return ForwardAlong(g.axis[2], k, t2 + (c * g.gridSize[2] * ny + j) * nx + i, ny * nx);
}

// Adjoint: voxel gradient -> S1[c][cz][j][i] (z pass) -> S2[c][cz][cy][i] (y pass) ->
// coefficients (x pass).

CUMED_HOST_DEVICE float AdjointZ(const LevelGeometry& g, const float* voxelGradient, std::int64_t c,
                                 std::int64_t cz, std::int64_t j, std::int64_t i) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1];
  return GatherAlong(g.axis[2], cz, voxelGradient + c * VoxelsOf(g) + j * nx + i, ny * nx);
}

CUMED_HOST_DEVICE float AdjointY(const LevelGeometry& g, const float* s1, std::int64_t plane,
                                 std::int64_t cy, std::int64_t i) {
  const std::int64_t nx = g.fixedSize[0];
  return GatherAlong(g.axis[1], cy, s1 + plane * g.fixedSize[1] * nx + i, nx);
}

CUMED_HOST_DEVICE float AdjointX(const LevelGeometry& g, const float* s2, std::int64_t plane,
                                 std::int64_t cy, std::int64_t cx) {
  const std::int64_t line = plane * g.gridSize[1] + cy;
  return GatherAlong(g.axis[0], cx, s2 + line * g.fixedSize[0], 1);
}

/// Where a continuous index falls along one moving axis: the two neighbours, the fraction towards
/// the second, and whether the interpolant moves with the index there (not clamped, size > 1).
struct AxisSample {
  std::int64_t i0, i1;
  float f;
  bool moves;
};

CUMED_HOST_DEVICE AxisSample SampleAxis(float x, std::int64_t size) {
  if (size <= 1) return {0, 0, 0.0f, false};
  const float top = static_cast<float>(size - 1);
  if (!(x >= 0.0f)) return {0, 1, 0.0f, false}; // below the border (or NaN): the first voxel
  if (x > top) return {size - 2, size - 1, 1.0f, false};
  std::int64_t i0 = static_cast<std::int64_t>(floorf(x));
  if (i0 > size - 2) i0 = size - 2; // x == top: the last cell, fraction 1
  return {i0, i0 + 1, x - static_cast<float>(i0), true};
}

/// Whether all eight moving voxels a trilinear sample reads are in `mask` (one byte per moving
/// voxel): a voxel next to an excluded one would carry part of its value into the warped image.
CUMED_HOST_DEVICE bool ReadsOnlyMasked(const std::uint8_t* mask, const AxisSample s[3],
                                       std::int64_t mx, std::int64_t mxy) {
  const std::uint8_t* z0 = mask + s[2].i0 * mxy;
  const std::uint8_t* z1 = mask + s[2].i1 * mxy;
  const std::int64_t y0 = s[1].i0 * mx, y1 = s[1].i1 * mx;
  return z0[y0 + s[0].i0] && z0[y0 + s[0].i1] && z0[y1 + s[0].i0] && z0[y1 + s[0].i1] &&
         z1[y0 + s[0].i0] && z1[y0 + s[0].i1] && z1[y1 + s[0].i0] && z1[y1 + s[0].i1];
}

/// warped value of fixed voxel v = (i, j, k) and, when `gradient` is not null, its derivative with
/// respect to the voxel's displacement (3 components, `voxels` apart). When `counted` is not null
/// it receives whether the voxel counts in the metric: inside the fixed mask (when given),
/// mapped inside the moving image ([-0.5, size - 0.5) along every axis, ITK's IsInsideBuffer),
/// so content that left the moving image's field of view pulls on nothing, and, with a moving
/// mask (on the moving grid), sampled from masked moving voxels only (ReadsOnlyMasked: the
/// mask eroded by the interpolation's reach, as elastix's ErodeMask does for its moving mask).
CUMED_HOST_DEVICE void WarpVoxel(const LevelGeometry& g, const float* moving, const float* field,
                                 std::int64_t v, std::int64_t i, std::int64_t j, std::int64_t k,
                                 float* warped, float* gradient,
                                 const std::uint8_t* fixedMask = nullptr,
                                 std::uint8_t* counted = nullptr,
                                 const std::uint8_t* movingMask = nullptr) {
  const std::int64_t n = VoxelsOf(g);
  const float u[3] = {field[v], field[n + v], field[2 * n + v]};
  const float p[3] = {static_cast<float>(i), static_cast<float>(j), static_cast<float>(k)};
  const float* m = g.voxelToMoving;
  const float* d = g.displacementToMoving;
  AxisSample s[3];
  bool inside = true;
  CUMED_UNROLL
  for (int r = 0; r < 3; ++r) {
    const float index = m[3 * r] * p[0] + m[3 * r + 1] * p[1] + m[3 * r + 2] * p[2] +
                        g.movingOffset[r] +
                        (d[3 * r] * u[0] + d[3 * r + 1] * u[1] + d[3 * r + 2] * u[2]);
    s[r] = SampleAxis(index, g.movingSize[r]);
    inside = inside && index >= -0.5f && index < static_cast<float>(g.movingSize[r]) - 0.5f;
  }
  const std::int64_t mx = g.movingSize[0], mxy = mx * g.movingSize[1];
  if (counted)
    counted[v] = inside && (!fixedMask || fixedMask[v] != 0) &&
                         (!movingMask || ReadsOnlyMasked(movingMask, s, mx, mxy))
                     ? 1
                     : 0;
  const float* z0 = moving + s[2].i0 * mxy;
  const float* z1 = moving + s[2].i1 * mxy;
  const float m000 = z0[s[1].i0 * mx + s[0].i0], m100 = z0[s[1].i0 * mx + s[0].i1];
  const float m010 = z0[s[1].i1 * mx + s[0].i0], m110 = z0[s[1].i1 * mx + s[0].i1];
  const float m001 = z1[s[1].i0 * mx + s[0].i0], m101 = z1[s[1].i0 * mx + s[0].i1];
  const float m011 = z1[s[1].i1 * mx + s[0].i0], m111 = z1[s[1].i1 * mx + s[0].i1];
  const float fx = s[0].f, fy = s[1].f, fz = s[2].f;
  const float gx = 1.0f - fx, gy = 1.0f - fy, gz = 1.0f - fz;
  const float c00 = gx * m000 + fx * m100, c10 = gx * m010 + fx * m110;
  const float c01 = gx * m001 + fx * m101, c11 = gx * m011 + fx * m111;
  const float c0 = gy * c00 + fy * c10, c1 = gy * c01 + fy * c11;
  warped[v] = gz * c0 + fz * c1;
  if (!gradient) return;
  const float di[3] = {s[0].moves ? gz * (gy * (m100 - m000) + fy * (m110 - m010)) +
                                        fz * (gy * (m101 - m001) + fy * (m111 - m011))
                                  : 0.0f,
                       s[1].moves ? gz * (c10 - c00) + fz * (c11 - c01) : 0.0f,
                       s[2].moves ? c1 - c0 : 0.0f};
  CUMED_UNROLL
  for (int c = 0; c < 3; ++c)
    gradient[c * n + v] = d[c] * di[0] + d[3 + c] * di[1] + d[6 + c] * di[2];
}

} // namespace cumed::registration::detail
