#pragma once
// Trilinear samples of the moving image at physical points, as ITK's
// LinearInterpolateImageFunction reads them: neighbours clamped to the image, and a point counts
// as inside when its continuous index lies in [-0.5, size - 0.5) along every axis
// (IsInsideBuffer). Shared by the warped output and the end-of-run quality check; the check also
// treats a point as outside when any of the eight voxels it reads is 0 in the moving mask (the
// warp's rule, src/TransformKernelMath.h's ReadsOnlyMasked).
#include "src/LevelImage.h"
#include "src/Matrix3.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cumed::registration::detail {

class MovingSampler {
public:
  /// `mask`: null, or one byte per moving voxel (nonzero = inside).
  explicit MovingSampler(const LevelImage& moving, const std::uint8_t* mask = nullptr)
      : pixels_(moving.pixels.data()), mask_(mask), origin_(moving.geometry.origin),
        toIndex_(Inverse(IndexToPhysical(moving.geometry.direction, moving.geometry.spacing))) {
    for (int r = 0; r < 3; ++r) size_[r] = static_cast<std::int64_t>(moving.geometry.size[r]);
  }

  /// False (and `value` untouched) when the point lies outside the image or the mask.
  bool sample(const double point[3], double& value) const {
    double index[3];
    for (int r = 0; r < 3; ++r) {
      index[r] = toIndex_[3 * r] * (point[0] - origin_[0]) +
                 toIndex_[3 * r + 1] * (point[1] - origin_[1]) +
                 toIndex_[3 * r + 2] * (point[2] - origin_[2]);
      if (!(index[r] >= -0.5 && index[r] < static_cast<double>(size_[r]) - 0.5)) return false;
    }
    std::int64_t base[3];
    double t[3];
    for (int r = 0; r < 3; ++r) {
      const double clamped = std::fmin(std::fmax(index[r], 0.0), static_cast<double>(size_[r] - 1));
      base[r] = std::min<std::int64_t>(static_cast<std::int64_t>(clamped), size_[r] - 1);
      t[r] = clamped - static_cast<double>(base[r]);
    }
    if (mask_)
      for (int c = 0; c < 2; ++c)
        for (int b = 0; b < 2; ++b)
          for (int a = 0; a < 2; ++a)
            if (!mask_[Voxel(base[0] + a, base[1] + b, base[2] + c)]) return false;
    double sum = 0.0;
    for (int c = 0; c < 2; ++c)
      for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
          const double w = (a ? t[0] : 1 - t[0]) * (b ? t[1] : 1 - t[1]) * (c ? t[2] : 1 - t[2]);
          if (w == 0.0) continue;
          sum += w * pixels_[Voxel(base[0] + a, base[1] + b, base[2] + c)];
        }
    value = sum;
    return true;
  }

private:
  /// The voxel at (x, y, z), each clamped to the last voxel (the border repeats).
  std::int64_t Voxel(std::int64_t x, std::int64_t y, std::int64_t z) const {
    x = std::min(x, size_[0] - 1), y = std::min(y, size_[1] - 1), z = std::min(z, size_[2] - 1);
    return (z * size_[1] + y) * size_[0] + x;
  }

  const float* pixels_;
  const std::uint8_t* mask_;
  std::array<double, 3> origin_;
  Matrix3 toIndex_;
  std::int64_t size_[3];
};

} // namespace cumed::registration::detail
