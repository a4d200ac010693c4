#pragma once
// Position, normal, scalar and interpolated attributes of one output point, from the grid edge
// it lies on. Host and device code: the CPU and CUDA backends compute every point with these
// exact operations (both are built without floating-point contraction), so their meshes are
// identical. The arithmetic follows vtkFlyingEdges3D (VTK 9.1) step by step: the interpolation
// parameter and index-space position in double, gradients by central differences (one-sided on
// the volume faces) in float, normal = -gradient normalised, then vtkImageTransform's mapping of
// points and normals to world coordinates. Where that float arithmetic overflows from finite
// scalars (next to ExtractClosedSurface's padding of the type's lowest value), the normal is
// recomputed without overflow (NormalWithoutOverflow); everywhere else it is VTK's, bit for bit.
#include "ContourGrid.h"

#include <cmath>

namespace cumed::surface::detail {

/// Index-to-world mapping of the volume, as vtkImageData::GetIndexToPhysicalMatrix.
struct WorldTransform {
  double matrix[3][4]; ///< direction * diag(spacing) | origin
  double direction[3][3];
  double spacing[3];
  double determinant;     ///< of the direction matrix
  bool transformsNormals; ///< false when VTK only translates (identity direction, unit spacing)
};

/// Scalars of a slab: the volume's planes [zFirst, zFirst + planes) at `data`.
template <class T> struct VolumeRows {
  const T* data;
  std::int64_t nx, ny, nz;
  std::int64_t zFirst;

  CUMED_HOST_DEVICE_FORCEINLINE T at(std::int64_t i, std::int64_t j, std::int64_t k) const {
    return data[((k - zFirst) * ny + j) * nx + i];
  }
};

/// static_cast<float>(x), kept where the float is widened again: GCC 12's basic-block vectorizer
/// (-O3) dropped that rounding for the rotated normal, which then came out one float ulp off VTK's
/// (and the GPU's) where the direction's determinant is not exactly +-1. The empty asm makes the
/// float value observable and costs no instruction.
CUMED_HOST_DEVICE_FORCEINLINE float RoundedToFloat(double x) {
  float f = static_cast<float>(x);
#if !defined(__CUDA_ARCH__) && defined(__GNUC__) && defined(__x86_64__)
  asm("" : "+x"(f));
#endif
  return f;
}

/// Central differences inside, one-sided differences on the faces (index space, like VTK).
template <class T>
CUMED_HOST_DEVICE_FORCEINLINE void Gradient(const VolumeRows<T>& v, std::int64_t i, std::int64_t j,
                                            std::int64_t k, float g[3]) {
  const std::int64_t n[3] = {v.nx, v.ny, v.nz};
  const std::int64_t p[3] = {i, j, k};
  const std::int64_t stride[3] = {1, v.nx, v.nx * v.ny};
  const T* s = v.data + ((k - v.zFirst) * v.ny + j) * v.nx + i;
  for (int a = 0; a < 3; ++a) {
    const std::int64_t d = stride[a];
    if (p[a] == 0) {
      g[a] = static_cast<float>(s[d] - s[0]);
    } else if (p[a] >= n[a] - 1) {
      g[a] = static_cast<float>(s[0] - s[-d]);
    } else {
      g[a] = static_cast<float>(0.5 * (s[d] - s[-d]));
    }
  }
}

/// isfinite on the host and the device alike.
CUMED_HOST_DEVICE_FORCEINLINE bool IsFinite(double x) {
#ifdef __CUDA_ARCH__
  return isfinite(x);
#else
  return std::isfinite(x);
#endif
}

/// Gradient's differences in double, every scalar scaled by 1/4 first, so that differences of
/// values near the type's extremes (+-DBL_MAX too) stay finite. Only directions are used.
template <class T>
CUMED_HOST_DEVICE_FORCEINLINE void QuarterGradient(const VolumeRows<T>& v, std::int64_t i,
                                                   std::int64_t j, std::int64_t k, double g[3]) {
  const std::int64_t n[3] = {v.nx, v.ny, v.nz};
  const std::int64_t p[3] = {i, j, k};
  const std::int64_t stride[3] = {1, v.nx, v.nx * v.ny};
  const T* s = v.data + ((k - v.zFirst) * v.ny + j) * v.nx + i;
  const double quarter = 0.25;
  for (int a = 0; a < 3; ++a) {
    const std::int64_t d = stride[a];
    if (p[a] == 0) {
      g[a] = quarter * static_cast<double>(s[d]) - quarter * static_cast<double>(s[0]);
    } else if (p[a] >= n[a] - 1) {
      g[a] = quarter * static_cast<double>(s[0]) - quarter * static_cast<double>(s[-d]);
    } else {
      g[a] = 0.5 * (quarter * static_cast<double>(s[d]) - quarter * static_cast<double>(s[-d]));
    }
  }
}

/// `x` scaled to unit length, divided by its largest |component| before the length is taken (no
/// overflow, no underflow); the zero vector stays zero.
CUMED_HOST_DEVICE_FORCEINLINE void ToUnitLength(double x[3]) {
  const double largest = fmax(fabs(x[0]), fmax(fabs(x[1]), fabs(x[2])));
  if (largest == 0.0) return;
  for (int a = 0; a < 3; ++a) {
    x[a] /= largest;
  }
  const double length = sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
  for (int a = 0; a < 3; ++a) {
    x[a] /= length;
  }
}

/// The normal ComputePoint's float arithmetic means where that arithmetic overflowed: the same
/// interpolated gradient direction and world mapping, in double and scaled so that nothing
/// overflows. Returns false, leaving `normal` alone, when a scalar of the two stencils is not
/// finite (the input's NaN/inf then stay in the normal, as in VTK).
template <class T>
CUMED_HOST_DEVICE_FORCEINLINE bool
NormalWithoutOverflow(const VolumeRows<T>& v, const WorldTransform& world, double t,
                      const std::int64_t e0[3], const std::int64_t e1[3], float normal[3]) {
  double g0[3], g1[3], n[3];
  QuarterGradient(v, e0[0], e0[1], e0[2], g0);
  QuarterGradient(v, e1[0], e1[1], e1[2], g1);
  // (1 - t) g0 + t g1 rather than g0 + t (g1 - g0): no cancellation when t is 1 and g0 huge.
  for (int a = 0; a < 3; ++a) {
    n[a] = -((1.0 - t) * g0[a] + t * g1[a]);
  }
  for (int a = 0; a < 3; ++a) {
    if (!IsFinite(g0[a]) || !IsFinite(g1[a]) || !IsFinite(n[a])) return false;
  }
  ToUnitLength(n);
  if (world.transformsNormals) {
    // direction * diag(1 / spacing) * n times the determinant, as below, scaled by the smallest
    // spacing (a uniform factor, which the normalisation removes) so that a tiny spacing cannot
    // overflow; of the determinant only its sign survives the normalisation.
    const double smallest = fmin(world.spacing[0], fmin(world.spacing[1], world.spacing[2]));
    const double sign = world.determinant < 0.0 ? -1.0 : 1.0;
    double scaled[3], m[3];
    for (int a = 0; a < 3; ++a) {
      scaled[a] = n[a] * (smallest / world.spacing[a]);
    }
    for (int r = 0; r < 3; ++r) {
      m[r] = sign * (world.direction[r][0] * scaled[0] + world.direction[r][1] * scaled[1] +
                     world.direction[r][2] * scaled[2]);
    }
    ToUnitLength(m);
    for (int a = 0; a < 3; ++a) {
      n[a] = m[a];
    }
  }
  for (int a = 0; a < 3; ++a) {
    normal[a] = static_cast<float>(n[a]);
  }
  return true;
}

struct PointOutputs {
  float* points;
  float* normals; ///< null when not requested
  float* scalars; ///< null when not requested
  float scalarValue;
  const float* const* attributeVolumes; ///< slab-relative like VolumeRows, or null
  float* const* attributeOutputs;
  int attributeCount;
  /// Winding::Outward on a reflected grid: VTK turns the normals with the triangles (its
  /// transform multiplies them by the direction's determinant), so both are turned back.
  bool negateNormals;
};

/// Computes output point `id` lying on the grid edge named by `edgeKey`.
template <class T>
CUMED_HOST_DEVICE_FORCEINLINE void ComputePoint(const VolumeRows<T>& v, const WorldTransform& world,
                                                double value, bool labelMode, std::int64_t edgeKey,
                                                const PointOutputs& out, std::int64_t id) {
  const EdgeOfKey edge(edgeKey);
  const int axis = edge.axis;
  const std::int64_t i0 = edge.i, j0 = edge.j, k0 = edge.k;
  const std::int64_t i1 = i0 + (axis == 0), j1 = j0 + (axis == 1), k1 = k0 + (axis == 2);
  const T s0 = v.at(i0, j0, k0);
  const T s1 = v.at(i1, j1, k1);
  const double t = labelMode ? 0.5 : (value - s0) / static_cast<double>(s1 - s0);

  // VTK stores the index-space position as float, then maps it to world coordinates.
  const float index[3] = {static_cast<float>(i0 + t * (i1 - i0)),
                          static_cast<float>(j0 + t * (j1 - j0)),
                          static_cast<float>(k0 + t * (k1 - k0))};
  for (int r = 0; r < 3; ++r) {
    out.points[3 * id + r] =
        static_cast<float>(world.matrix[r][0] * index[0] + world.matrix[r][1] * index[1] +
                           world.matrix[r][2] * index[2] + world.matrix[r][3]);
  }

  if (out.normals != nullptr) {
    float g0[3], g1[3], n[3];
    Gradient(v, i0, j0, k0, g0);
    Gradient(v, i1, j1, k1, g1);
    for (int a = 0; a < 3; ++a) {
      n[a] = -static_cast<float>(g0[a] + t * (g1[a] - g0[a]));
    }
    // vtkMath::Normalize(float*) of VTK 9.1: the length in float arithmetic (not double).
    const float length = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (length != 0.0f) {
      for (int a = 0; a < 3; ++a) {
        n[a] /= length;
      }
    }
    float squares = 0.0f;
    if (world.transformsNormals) {
      float scaled[3], m[3];
      for (int a = 0; a < 3; ++a) {
        scaled[a] = RoundedToFloat(n[a] / world.spacing[a]);
      }
      for (int r = 0; r < 3; ++r) {
        m[r] =
            RoundedToFloat(world.direction[r][0] * scaled[0] + world.direction[r][1] * scaled[1] +
                           world.direction[r][2] * scaled[2]);
        m[r] = static_cast<float>(m[r] * world.determinant);
      }
      // As vtkImageTransform: the sum of squares in float, its root and reciprocal in double.
      // A zero gradient stays the zero vector: VTK's 1/sqrt(0) makes it NaN (0 x inf), a NaN
      // in a mesh whose volume had none (Documentation/reliability.md, "Numbers").
      squares = m[0] * m[0] + m[1] * m[1] + m[2] * m[2];
      const float toUnit =
          squares == 0.0f ? 0.0f : static_cast<float>(1.0 / sqrt(static_cast<double>(squares)));
      for (int a = 0; a < 3; ++a) {
        n[a] = m[a] * toUnit;
      }
    }
    // One check for every overflow above: a gradient difference, the float length (whose
    // overflow left a zero or NaN normal) or the world mapping's sum of squares. Finite
    // scalars then get the normal that float arithmetic meant; VTK's values stay elsewhere.
    if (!IsFinite(length + squares)) {
      const std::int64_t e0[3] = {i0, j0, k0}, e1[3] = {i1, j1, k1};
      NormalWithoutOverflow(v, world, t, e0, e1, n);
    }
    for (int a = 0; a < 3; ++a) {
      out.normals[3 * id + a] = out.negateNormals ? -n[a] : n[a];
    }
  }
  if (out.scalars != nullptr) {
    out.scalars[id] = out.scalarValue;
  }
  for (int a = 0; a < out.attributeCount; ++a) {
    const VolumeRows<float> attribute{out.attributeVolumes[a], v.nx, v.ny, v.nz, v.zFirst};
    // As VTK's attribute interpolation: the difference in float, the rest in double.
    const float a0 = attribute.at(i0, j0, k0);
    const float a1 = attribute.at(i1, j1, k1);
    out.attributeOutputs[a][id] = static_cast<float>(a0 + t * (a1 - a0));
  }
}

} // namespace cumed::surface::detail
