#include "VolumeSampling.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace cumed::regdata {
namespace {

std::array<double, 9> Inverse3(const std::array<double, 9>& m) {
  const double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                     m[2] * (m[3] * m[7] - m[4] * m[6]);
  if (!(std::abs(det) > 1e-12))
    throw InvalidArgument("image direction matrix is singular (determinant " + std::to_string(det) +
                          ")");
  return {(m[4] * m[8] - m[5] * m[7]) / det, (m[2] * m[7] - m[1] * m[8]) / det,
          (m[1] * m[5] - m[2] * m[4]) / det, (m[5] * m[6] - m[3] * m[8]) / det,
          (m[0] * m[8] - m[2] * m[6]) / det, (m[2] * m[3] - m[0] * m[5]) / det,
          (m[3] * m[7] - m[4] * m[6]) / det, (m[1] * m[6] - m[0] * m[7]) / det,
          (m[0] * m[4] - m[1] * m[3]) / det};
}

// In-place 1D Gaussian along `axis` (edge pixels repeated beyond the border).
void SmoothAxis(std::vector<float>& data, const ImageGeometry& g, int axis, double sigmaVoxels) {
  const int radius = int(std::ceil(3.0 * sigmaVoxels));
  std::vector<double> kernel(2 * radius + 1);
  double sum = 0.0;
  for (int k = -radius; k <= radius; ++k)
    sum += kernel[k + radius] = std::exp(-0.5 * k * k / (sigmaVoxels * sigmaVoxels));
  for (double& w : kernel) w /= sum;
  const long n = long(g.size[axis]);
  const std::size_t stride = axis == 0 ? 1 : axis == 1 ? g.size[0] : g.size[0] * g.size[1];
  const std::size_t lines = g.numberOfPixels() / std::size_t(n);
#pragma omp parallel
  {
    std::vector<double> line(n);
#pragma omp for schedule(static)
    for (long l = 0; l < long(lines); ++l) {
      // The first pixel of line l: axis index 0, the other two axes enumerated by l.
      const std::size_t lo = std::size_t(l) % stride, hi = std::size_t(l) / stride;
      const std::size_t first = lo + hi * stride * std::size_t(n);
      for (long i = 0; i < n; ++i) line[i] = data[first + std::size_t(i) * stride];
      for (long i = 0; i < n; ++i) {
        double v = 0.0;
        for (int k = -radius; k <= radius; ++k)
          v += kernel[k + radius] * line[std::clamp(i + k, 0L, n - 1)];
        data[first + std::size_t(i) * stride] = float(v);
      }
    }
  }
}

} // namespace

void RequireHostFloat(const Image& image, int components, const std::string& what) {
  if (image.location() != MemoryLocation::Host || image.pixelType() != PixelType::Float32 ||
      image.components() != components)
    throw InvalidArgument(what + ": expected a host Float32 image of " +
                          std::to_string(components) + " component(s), got " +
                          ToString(image.pixelType()) + " x" + std::to_string(image.components()) +
                          (image.location() == MemoryLocation::Host ? "" : " on the device"));
}

IndexMapper::IndexMapper(const ImageGeometry& geometry)
    : geometry_(geometry), inverse_(Inverse3(geometry.direction)) {}

Point3 IndexMapper::toIndex(const Point3& point) const {
  Point3 index;
  for (int i = 0; i < 3; ++i) {
    double v = 0.0;
    for (int j = 0; j < 3; ++j) v += inverse_[3 * i + j] * (point[j] - geometry_.origin[j]);
    index[i] = v / geometry_.spacing[i];
  }
  return index;
}

Point3 IndexMapper::toPoint(const Point3& index) const {
  Point3 point;
  for (int i = 0; i < 3; ++i) {
    double v = geometry_.origin[i];
    for (int j = 0; j < 3; ++j)
      v += geometry_.direction[3 * i + j] * index[j] * geometry_.spacing[j];
    point[i] = v;
  }
  return point;
}

std::optional<std::array<double, 3>> SampleLinear(const ImageView<const float>& image,
                                                  const Point3& index) {
  const auto& size = image.geometry.size;
  std::array<std::size_t, 3> base{};
  std::array<double, 3> frac{};
  for (int a = 0; a < 3; ++a) {
    const double last = double(size[a] - 1);
    // ITK's inside test (LinearInterpolateImageFunction): half a voxel beyond the centres, the
    // edge value repeated there.
    if (!(index[a] >= -0.5 && index[a] < last + 0.5)) return std::nullopt;
    const double c = std::clamp(index[a], 0.0, last);
    base[a] = std::min(std::size_t(c), size[a] > 1 ? size[a] - 2 : 0);
    frac[a] = size[a] > 1 ? c - double(base[a]) : 0.0;
  }
  const int nc = image.components;
  std::array<double, 3> result{0.0, 0.0, 0.0};
  for (int corner = 0; corner < 8; ++corner) {
    double w = 1.0;
    std::array<std::size_t, 3> at{};
    for (int a = 0; a < 3; ++a) {
      const int step = (corner >> a) & 1;
      if (step && size[a] == 1) w = 0.0;
      w *= step ? frac[a] : 1.0 - frac[a];
      at[a] = base[a] + std::size_t(step);
    }
    if (w == 0.0) continue;
    const std::size_t offset = ((at[2] * size[1] + at[1]) * size[0] + at[0]) * std::size_t(nc);
    for (int c = 0; c < nc && c < 3; ++c) result[c] += w * double(image.data[offset + c]);
  }
  return result;
}

Image ResampleIsotropic(const Image& image, double spacingMm) {
  RequireHostFloat(image, 1, "ResampleIsotropic");
  if (!(std::isfinite(spacingMm) && spacingMm > 0.0))
    throw InvalidArgument("resampling spacing must be finite and positive, got " +
                          std::to_string(spacingMm) + " mm");
  const ImageGeometry& in = image.geometry();
  const float* src = image.view<float>().data;
  std::vector<float> smoothed(src, src + in.numberOfPixels());
  for (int axis = 0; axis < 3; ++axis) {
    const double variance = (spacingMm * spacingMm - in.spacing[axis] * in.spacing[axis]) / 4.0;
    if (variance > 0.0 && in.size[axis] > 1)
      SmoothAxis(smoothed, in, axis, std::sqrt(variance) / in.spacing[axis]);
  }
  ImageGeometry out = in;
  for (int a = 0; a < 3; ++a) {
    const double extent = in.spacing[a] * double(in.size[a] - 1);
    out.size[a] = std::size_t(std::floor(extent / spacingMm + 1e-9)) + 1;
    out.spacing[a] = spacingMm;
  }
  Image result = Image::Allocate(PixelType::Float32, out, MemoryLocation::Host);
  float* dst = result.view<float>().data;
  const ImageView<const float> view{smoothed.data(), in, MemoryLocation::Host, 1};
  const long slices = long(out.size[2]);
#pragma omp parallel for schedule(static)
  for (long z = 0; z < slices; ++z)
    for (std::size_t y = 0; y < out.size[1]; ++y)
      for (std::size_t x = 0; x < out.size[0]; ++x) {
        // Same origin and direction: the index scales by the spacing ratio.
        const Point3 index{double(x) * spacingMm / in.spacing[0],
                           double(y) * spacingMm / in.spacing[1],
                           double(z) * spacingMm / in.spacing[2]};
        const auto value = SampleLinear(view, index);
        dst[(std::size_t(z) * out.size[1] + y) * out.size[0] + x] = float((*value)[0]);
      }
  return result;
}

} // namespace cumed::regdata
