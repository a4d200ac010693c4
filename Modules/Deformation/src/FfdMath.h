#pragma once
// The per-point arithmetic of the deformation, written once for the CPU and the CUDA kernels:
// Bernstein bases, one point's displacement, one vertex's normal. Plain arrays and PODs only.
#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define CUMED_FFD_HD __host__ __device__ __forceinline__
#else
#define CUMED_FFD_HD inline
#endif

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
CUMED_FFD_HD void LocalCoordinates(const LocalFrame& frame, const float* x, float* stu,
                                   bool& outside) {
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
template <int MaxN> CUMED_FFD_HD void BernsteinBasis(int count, float s, float (&b)[MaxN]) {
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
CUMED_FFD_HD void DeformPoint(const TDisplacements& p, const float* x, const float* stu,
                              float* out) {
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

/// The normal of vertex v: its adjacent triangles' normals (cross products of the edges from v to
/// its two neighbours, which keeps each triangle's winding), summed in the adjacency's order and
/// normalised. unitFaces: each face normal normalised before the sum.
CUMED_FFD_HD void VertexNormal(std::int64_t v, const std::int64_t* offsets,
                               const std::int32_t* neighbours, const float* points, bool unitFaces,
                               float* normal) {
  const float px = points[3 * v], py = points[3 * v + 1], pz = points[3 * v + 2];
  float nx = 0, ny = 0, nz = 0;
  for (std::int64_t e = offsets[v]; e < offsets[v + 1]; ++e) {
    const std::int64_t a = neighbours[2 * e], b = neighbours[2 * e + 1];
    const float ax = points[3 * a] - px, ay = points[3 * a + 1] - py, az = points[3 * a + 2] - pz;
    const float bx = points[3 * b] - px, by = points[3 * b + 1] - py, bz = points[3 * b + 2] - pz;
    float cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
    if (unitFaces) {
      const float length = sqrtf(cx * cx + cy * cy + cz * cz);
      if (length > 0) {
        cx /= length;
        cy /= length;
        cz /= length;
      }
    }
    nx += cx;
    ny += cy;
    nz += cz;
  }
  const float length = sqrtf(nx * nx + ny * ny + nz * nz);
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  }
  normal[0] = nx;
  normal[1] = ny;
  normal[2] = nz;
}

} // namespace cumed::deformation::detail
