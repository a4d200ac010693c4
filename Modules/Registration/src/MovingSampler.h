#pragma once
// Trilinear samples of the moving image at physical points, as ITK's
// LinearInterpolateImageFunction reads them: neighbours clamped to the image, and a point counts
// as inside when its continuous index lies in [-0.5, size - 0.5) along every axis
// (IsInsideBuffer). Shared by the warped output and the end-of-run quality check; the check also
// treats a point as outside when any of the eight voxels it reads is 0 in the moving mask (the
// warp's rule, src/TransformKernelMath.h's ReadsOnlyMasked). The formula is src/OutputMath.h's,
// which the device's warped output runs too.
#include "src/LevelImage.h"
#include "src/Matrix3.h"
#include "src/OutputMath.h"

#include <cstdint>

namespace cumed::registration::detail {

/// The moving grid's physical -> index mapping as plain numbers.
inline PhysicalToGrid DescribeMovingGrid(const ImageGeometry& g) {
  PhysicalToGrid m{};
  const Matrix3 toIndex = Inverse(IndexToPhysical(g.direction, g.spacing));
  for (int r = 0; r < 3; ++r) {
    m.origin[r] = g.origin[r];
    m.size[r] = static_cast<std::int64_t>(g.size[r]);
  }
  for (int e = 0; e < 9; ++e) m.matrix[e] = toIndex[e];
  return m;
}

/// The fixed grid's index -> physical mapping as plain numbers.
inline GridToPhysical DescribeFixedGrid(const ImageGeometry& g) {
  GridToPhysical f{};
  const Matrix3 toPhysical = IndexToPhysical(g.direction, g.spacing);
  for (int r = 0; r < 3; ++r) {
    f.origin[r] = g.origin[r];
    f.size[r] = static_cast<std::int64_t>(g.size[r]);
  }
  for (int e = 0; e < 9; ++e) f.matrix[e] = toPhysical[e];
  return f;
}

class MovingSampler {
public:
  /// `mask`: null, or one byte per moving voxel (nonzero = inside).
  explicit MovingSampler(const LevelImage& moving, const std::uint8_t* mask = nullptr)
      : pixels_(moving.pixels.data()), mask_(mask), grid_(DescribeMovingGrid(moving.geometry)) {}

  /// False (and `value` untouched) when the point lies outside the image or the mask.
  bool sample(const double point[3], double& value) const {
    return SampleMovingAt(grid_, pixels_, mask_, point, value);
  }

private:
  const float* pixels_;
  const std::uint8_t* mask_;
  PhysicalToGrid grid_;
};

} // namespace cumed::registration::detail
