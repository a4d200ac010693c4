#pragma once
// The per-voxel formulas of the registration's outputs, host and device code in one place so the
// CPU (src/RegistrationOutputs.cxx, src/MovingSampler.h) and CUDA (cuda/OutputsCuda.cu) run the
// same operations in the same order; with contraction off on both (CMakeLists.txt) they give the
// same bits. Geometry as plain numbers: index -> physical of the fixed grid, physical -> index of
// the moving grid (ITK's matrices).
#include "cumed/core/HostDevice.h"

#include <cmath>
#include <cstdint>

namespace cumed::registration::detail {

struct GridToPhysical {
  double origin[3];
  double matrix[9]; ///< direction * diag(spacing), row-major
  std::int64_t size[3];
};

struct PhysicalToGrid {
  double origin[3];
  double matrix[9]; ///< (direction * diag(spacing))^-1, row-major
  std::int64_t size[3];
};

/// The physical point of fixed voxel (i, j, k).
CUMED_HOST_DEVICE void VoxelPoint(const GridToPhysical& g, std::int64_t i, std::int64_t j,
                                  std::int64_t k, double p[3]) {
  for (int r = 0; r < 3; ++r)
    p[r] = g.origin[r] + g.matrix[3 * r] * i + g.matrix[3 * r + 1] * j + g.matrix[3 * r + 2] * k;
}

/// u := A(p + u) + t - p at voxel (i, j, k) (A row-major 3x3, t the offset).
CUMED_HOST_DEVICE void ComposeAffineVoxel(const GridToPhysical& g, const double a[9],
                                          const double t[3], std::int64_t i, std::int64_t j,
                                          std::int64_t k, float* u) {
  double p[3];
  VoxelPoint(g, i, j, k, p);
  const double q[3] = {p[0] + u[0], p[1] + u[1], p[2] + u[2]};
  for (int r = 0; r < 3; ++r)
    u[r] = static_cast<float>(a[3 * r] * q[0] + a[3 * r + 1] * q[1] + a[3 * r + 2] * q[2] + t[r] -
                              p[r]);
}

/// The moving voxel at (x, y, z), each clamped to the last voxel (the border repeats).
CUMED_HOST_DEVICE std::int64_t ClampedVoxel(const PhysicalToGrid& m, std::int64_t x, std::int64_t y,
                                            std::int64_t z) {
  x = x < m.size[0] - 1 ? x : m.size[0] - 1;
  y = y < m.size[1] - 1 ? y : m.size[1] - 1;
  z = z < m.size[2] - 1 ? z : m.size[2] - 1;
  return (z * m.size[1] + y) * m.size[0] + x;
}

/// Trilinear sample at a physical point as ITK's LinearInterpolateImageFunction reads it (see
/// src/MovingSampler.h); false (value untouched) outside the image or the mask (null: none).
CUMED_HOST_DEVICE bool SampleMovingAt(const PhysicalToGrid& m, const float* pixels,
                                      const std::uint8_t* mask, const double point[3],
                                      double& value) {
  double index[3];
  for (int r = 0; r < 3; ++r) {
    index[r] = m.matrix[3 * r] * (point[0] - m.origin[0]) +
               m.matrix[3 * r + 1] * (point[1] - m.origin[1]) +
               m.matrix[3 * r + 2] * (point[2] - m.origin[2]);
    if (!(index[r] >= -0.5 && index[r] < static_cast<double>(m.size[r]) - 0.5)) return false;
  }
  std::int64_t base[3];
  double t[3];
  for (int r = 0; r < 3; ++r) {
    const double clamped = fmin(fmax(index[r], 0.0), static_cast<double>(m.size[r] - 1));
    const std::int64_t floor = static_cast<std::int64_t>(clamped);
    base[r] = floor < m.size[r] - 1 ? floor : m.size[r] - 1;
    t[r] = clamped - static_cast<double>(base[r]);
  }
  if (mask)
    for (int c = 0; c < 2; ++c)
      for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a)
          if (!mask[ClampedVoxel(m, base[0] + a, base[1] + b, base[2] + c)]) return false;
  double sum = 0.0;
  for (int c = 0; c < 2; ++c)
    for (int b = 0; b < 2; ++b)
      for (int a = 0; a < 2; ++a) {
        const double w = (a ? t[0] : 1 - t[0]) * (b ? t[1] : 1 - t[1]) * (c ? t[2] : 1 - t[2]);
        if (w == 0.0) continue;
        sum += w * pixels[ClampedVoxel(m, base[0] + a, base[1] + b, base[2] + c)];
      }
  value = sum;
  return true;
}

/// The warped image at fixed voxel (i, j, k) (voxel number v) from the total field d.
CUMED_HOST_DEVICE float WarpVoxel(const GridToPhysical& g, const PhysicalToGrid& m,
                                  const float* pixels, const float* d, std::int64_t i,
                                  std::int64_t j, std::int64_t k, std::int64_t v,
                                  float outsideValue) {
  double point[3];
  for (int r = 0; r < 3; ++r)
    point[r] = g.origin[r] + g.matrix[3 * r] * i + g.matrix[3 * r + 1] * j +
               g.matrix[3 * r + 2] * k + d[3 * v + r];
  double value;
  return SampleMovingAt(m, pixels, nullptr, point, value) ? static_cast<float>(value)
                                                          : outsideValue;
}

} // namespace cumed::registration::detail
