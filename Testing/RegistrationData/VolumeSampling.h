#pragma once
// Geometry and interpolation on host Float32 images (scalar or vector): physical point <->
// continuous index, trilinear sampling, and Gaussian-smoothed resampling to a coarser grid.
#include "cumed/core/Image.h"

#include <array>
#include <optional>
#include <string>

namespace cumed::regdata {

using Point3 = std::array<double, 3>;

/// Throws InvalidArgument, naming `what` and the pixel type found, unless `image` is a host
/// Float32 image of `components` components.
void RequireHostFloat(const Image& image, int components, const std::string& what);

/// Maps physical points to continuous indices of one geometry (its direction inverted once).
class IndexMapper {
public:
  explicit IndexMapper(const ImageGeometry& geometry);
  Point3 toIndex(const Point3& point) const;
  Point3 toPoint(const Point3& index) const;

private:
  ImageGeometry geometry_;
  std::array<double, 9> inverse_{};
};

/// Trilinear interpolation of all `components` (up to 3) of the pixel at a continuous index, as
/// ITK's LinearInterpolateImageFunction: inside is [-0.5, size - 0.5) on each axis, the edge
/// pixels repeated within the half voxel beyond the centres; nothing outside.
std::optional<std::array<double, 3>> SampleLinear(const ImageView<const float>& image,
                                                  const Point3& index);

/// The Float32 scalar image smoothed along each axis whose spacing is finer than `spacingMm`
/// (Gaussian, sigma^2 = (spacingMm^2 - spacing^2) / 4: the blur of a voxel of the new size) and
/// resampled trilinearly onto an isotropic grid of `spacingMm` with the same origin, direction
/// and extent (size = floor(extent / spacingMm) + 1). Throws InvalidArgument for a spacing that
/// is not finite and positive or an input that is not a host Float32 scalar image.
Image ResampleIsotropic(const Image& image, double spacingMm);

} // namespace cumed::regdata
