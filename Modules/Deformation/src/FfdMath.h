#pragma once
// The per-point arithmetic of the deformation, written once for the CPU and the CUDA kernels:
// Bernstein bases, one point's displacement, one vertex's normal. Plain arrays and PODs only.
#include <cmath>
#include <cstdint>

#include "cumed/core/HostDevice.h"

namespace cumed::deformation::detail {

/// World -> local coordinates: stu = inverse * (x - origin), in double.
struct LocalFrame {
  double origin[3];
  double inverse[9]; ///< row-major inverse of the matrix whose columns are S, T, U
};

/// The moved control points minus their rest positions, as a kernel parameter: Capacity control
/// points at most (x,y,z each), MaxAxis along any axis.
template <int MaxAxis, int Capacity> struct Displacements {
  static constexpr int kMaxAxis = MaxAxis;
  int nx, ny, nz;
  float xyz[3 * Capacity];
};

/// Local coordinates of one point, clamped to [0, 1]; `outside` set when clamping changed them.
CUMED_HOST_DEVICE_FORCEINLINE void LocalCoordinates(const LocalFrame& frame, const float* x,
                                                    float* stu, bool& outside) {
  const double d[3] = {double(x[0]) - frame.origin[0], double(x[1]) - frame.origin[1],
                       double(x[2]) - frame.origin[2]};
  outside = false;
  for (int r = 0; r < 3; ++r) {
    double v = frame.inverse[3 * r] * d[0] + frame.inverse[3 * r + 1] * d[1] +
               frame.inverse[3 * r + 2] * d[2];
    if (v < 0.0) {
      v = 0.0;
      outside = true;
    } else if (v > 1.0) {
      v = 1.0;
      outside = true;
    }
    stu[r] = static_cast<float>(v);
  }
}

/// b[0..count-1]: the Bernstein polynomials of degree count-1 at s, by de Casteljau's recurrence
/// (stable, and unrolled with MaxN a compile-time bound).
template <int MaxN>
CUMED_HOST_DEVICE_FORCEINLINE void BernsteinBasis(int count, float s, float (&b)[MaxN]) {
  const float r = 1.0f - s;
  b[0] = 1.0f;
#if defined(__CUDACC__)
#pragma unroll
#endif
  for (int d = 1; d < MaxN; ++d) {
    if (d < count) {
      b[d] = s * b[d - 1];
#if defined(__CUDACC__)
#pragma unroll
#endif
      for (int i = d - 1; i >= 1; --i) b[i] = s * b[i - 1] + r * b[i];
      b[0] = r * b[0];
    }
  }
}

/// out = x + sum B(stu) displacement.
template <class TDisplacements>
CUMED_HOST_DEVICE_FORCEINLINE void DeformPoint(const TDisplacements& p, const float* x,
                                               const float* stu, float* out) {
  constexpr int N = TDisplacements::kMaxAxis;
  float bs[N], bt[N], bu[N];
  BernsteinBasis<N>(p.nx, stu[0], bs);
  BernsteinBasis<N>(p.ny, stu[1], bt);
  BernsteinBasis<N>(p.nz, stu[2], bu);
  float dx = 0, dy = 0, dz = 0;
#if defined(__CUDACC__)
#pragma unroll
#endif
  for (int k = 0; k < N; ++k) {
    if (k >= p.nz) break;
    float ex = 0, ey = 0, ez = 0;
#if defined(__CUDACC__)
#pragma unroll
#endif
    for (int j = 0; j < N; ++j) {
      if (j >= p.ny) break;
      const float* row = p.xyz + 3 * ((k * p.ny + j) * p.nx);
      float fx = 0, fy = 0, fz = 0;
#if defined(__CUDACC__)
#pragma unroll
#endif
      for (int i = 0; i < N; ++i) {
        if (i >= p.nx) break;
        fx += bs[i] * row[3 * i];
        fy += bs[i] * row[3 * i + 1];
        fz += bs[i] * row[3 * i + 2];
      }
      ex += bt[j] * fx;
      ey += bt[j] * fy;
      ez += bt[j] * fz;
    }
    dx += bu[k] * ex;
    dy += bu[k] * ey;
    dz += bu[k] * ez;
  }
  out[0] = x[0] + dx;
  out[1] = x[1] + dy;
  out[2] = x[2] + dz;
}

/// (x, y, z) divided by its length; unchanged when zero. A vector whose largest component m is
/// beyond 2^60 or below 2^-50 is first scaled by a power of two (exact) to m in [0.5, 1), so that
/// its squares neither overflow to an infinite length nor underflow to a zero one (which made the
/// normals of triangles with edges above ~4e9 or below ~1e-11 zero). Between, the bits are those of
/// the plain formula, and a component whose square underflows (even flushed to zero) is below
/// 2^-26 of the length.
CUMED_HOST_DEVICE_FORCEINLINE void Normalise(float& x, float& y, float& z) {
  const float m = fmaxf(fmaxf(fabsf(x), fabsf(y)), fabsf(z));
  if (m > 1.152921504606846976e18f || (m > 0 && m < 8.8817841970012523e-16f)) {
    int e = 0;
    frexpf(m, &e);
    x = ldexpf(x, -e);
    y = ldexpf(y, -e);
    z = ldexpf(z, -e);
  }
  const float length = sqrtf(x * x + y * y + z * z);
  if (length > 0) {
    x /= length;
    y /= length;
    z /= length;
  }
}

/// Corners whose neighbours SumCornerNormals loads before it sums any of them.
constexpr int kNormalBatch = 4;
/// A vertex with at most this many corners sums them one by one; one with more (a pole, a fan)
/// in kSerialCorners strided partial sums joined pairwise: the order in which a warp of 32 GPU
/// threads sums them (one vertex a warp), so that such a vertex does not hold one thread for
/// thousands of corners, and the CPU gives the same bits. Equal to the warp size.
constexpr int kSerialCorners = 32;

/// sum += the normals of the vertex's corners first, first + stride, ... (< end) in that order:
/// each the cross product of the edges from the vertex (at p) to its two neighbours in the
/// triangle (which keeps the triangle's winding); unitFaces: normalised first.
///
/// The corners are taken kNormalBatch at a time: every load of a batch (the neighbour ids, then
/// their points) is issued before the first product, so a GPU thread waits for one batch's loads
/// at a time instead of one corner's. The products are summed one by one, in order: the same
/// bits as a corner-by-corner loop.
CUMED_HOST_DEVICE_FORCEINLINE void
SumCornerNormals(std::int64_t v, const float* p, std::int64_t first, std::int64_t end, int stride,
                 const std::int32_t* neighbours, const float* points, bool unitFaces, float* sum) {
  for (; first < end; first += std::int64_t{kNormalBatch} * stride) {
    std::int64_t a[kNormalBatch], b[kNormalBatch];
#if defined(__CUDACC__)
#pragma unroll
#endif
    for (int k = 0; k < kNormalBatch; ++k) {
      // A corner past the last repeats the vertex itself: loaded, never summed.
      const std::int64_t e = first + std::int64_t{k} * stride;
      a[k] = e < end ? neighbours[2 * e] : v;
      b[k] = e < end ? neighbours[2 * e + 1] : v;
    }
    float q[kNormalBatch][6];
#if defined(__CUDACC__)
#pragma unroll
#endif
    for (int k = 0; k < kNormalBatch; ++k) {
      for (int c = 0; c < 3; ++c) {
        q[k][c] = points[3 * a[k] + c];
        q[k][3 + c] = points[3 * b[k] + c];
      }
    }
#if defined(__CUDACC__)
#pragma unroll
#endif
    for (int k = 0; k < kNormalBatch; ++k) {
      if (first + std::int64_t{k} * stride >= end) break;
      const float ax = q[k][0] - p[0], ay = q[k][1] - p[1], az = q[k][2] - p[2];
      const float bx = q[k][3] - p[0], by = q[k][4] - p[1], bz = q[k][5] - p[2];
      float cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
      if (unitFaces) Normalise(cx, cy, cz);
      sum[0] += cx;
      sum[1] += cy;
      sum[2] += cz;
    }
  }
}

/// normal = n normalised; (0, 0, 0) when n is.
CUMED_HOST_DEVICE_FORCEINLINE void NormaliseInto(const float* n, float* normal) {
  float nx = n[0], ny = n[1], nz = n[2];
  Normalise(nx, ny, nz);
  normal[0] = nx;
  normal[1] = ny;
  normal[2] = nz;
}

/// The normal of vertex v: its adjacent triangles' normals summed (in the adjacency's order, or
/// for more than kSerialCorners corners in the warp's order, see there) and normalised.
CUMED_HOST_DEVICE_FORCEINLINE void VertexNormal(std::int64_t v, const std::int64_t* offsets,
                                                const std::int32_t* neighbours, const float* points,
                                                bool unitFaces, float* normal) {
  const float p[3] = {points[3 * v], points[3 * v + 1], points[3 * v + 2]};
  const std::int64_t first = offsets[v], end = offsets[v + 1];
  if (end - first <= kSerialCorners) {
    float sum[3] = {0, 0, 0};
    SumCornerNormals(v, p, first, end, 1, neighbours, points, unitFaces, sum);
    NormaliseInto(sum, normal);
    return;
  }
  // Lane l's partial sum over corners first + l, first + l + 32, ...; then lanes l and l + half
  // joined for half = 16, 8, 4, 2, 1 (a warp's shuffle-down reduction).
  float partial[kSerialCorners][3];
  for (int lane = 0; lane < kSerialCorners; ++lane) {
    partial[lane][0] = partial[lane][1] = partial[lane][2] = 0;
    SumCornerNormals(v, p, first + lane, end, kSerialCorners, neighbours, points, unitFaces,
                     partial[lane]);
  }
  for (int half = kSerialCorners / 2; half > 0; half /= 2)
    for (int lane = 0; lane < half; ++lane)
      for (int c = 0; c < 3; ++c) partial[lane][c] = partial[lane][c] + partial[lane + half][c];
  NormaliseInto(partial[0], normal);
}

} // namespace cumed::deformation::detail
