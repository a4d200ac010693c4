#pragma once
// Random isosurface requests for the randomized tests against VTK: a volume (size, pixel values,
// spacing, origin, direction) and the options, drawn from one RandomDraw, with a one-line
// description for failure messages. What is drawn, and how often, is listed where it is drawn.
#include "TestVolumes.h"
#include "cumed/test/RandomCases.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::surface::test {

/// Sizes 2..40 per axis (2 and 40 drawn often); `flatAxis` >= 0 makes that axis 1 point.
inline Size3 DrawSize(cumed::test::RandomDraw& draw, int flatAxis) {
  Size3 size;
  for (int a = 0; a < 3; ++a)
    size[a] = a == flatAxis ? 1u : static_cast<std::size_t>(draw.edgy(2, 40));
  return size;
}

/// Spacing 0.05..4 per axis (independent: anisotropic), origin within +-500, and a direction
/// that is the identity, a random rotation, or a random rotation with one axis reflected
/// (determinant -1), a third of the time each. One case in 8 has unit spacing and no rotation
/// (VTK then only translates, and leaves normals alone).
inline ImageGeometry DrawGeometry(cumed::test::RandomDraw& draw, Size3 size) {
  ImageGeometry g;
  g.size = size;
  const bool plain = draw.chance(0.125);
  for (int a = 0; a < 3; ++a) {
    g.spacing[a] = plain ? 1.0 : draw.real(0.05, 4.0);
    g.origin[a] = draw.real(-500.0, 500.0);
  }
  const int direction = plain ? 0 : draw.integer(0, 2);
  if (direction > 0) {
    // A unit quaternion from four normal draws: a uniformly random rotation.
    double q[4], length = 0.0;
    std::normal_distribution<double> normal;
    for (double& c : q) {
      c = normal(draw.engine());
      length += c * c;
    }
    for (double& c : q) c /= std::sqrt(length);
    const double w = q[0], x = q[1], y = q[2], z = q[3];
    g.direction = {1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
                   2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                   2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
    if (direction == 2) {
      const int column = draw.integer(0, 2);
      for (int r = 0; r < 3; ++r) g.direction[3 * r + column] = -g.direction[3 * r + column];
    }
  }
  return g;
}

/// The range values are drawn from: the pixel type's, or a part of it for the wide types.
template <class T> std::pair<double, double> DrawRange(cumed::test::RandomDraw& draw) {
  if constexpr (std::is_same_v<T, std::uint8_t>) return {0.0, 255.0};
  if constexpr (std::is_same_v<T, float>) {
    const double scale = std::pow(10.0, draw.integer(-3, 4));
    return {-scale, scale};
  }
  const double lo = std::numeric_limits<T>::lowest(), hi = std::numeric_limits<T>::max();
  if (draw.chance(0.2)) return {lo, hi};
  const double a = draw.real(lo, hi), b = draw.real(lo, hi);
  return {std::floor(std::min(a, b)), std::ceil(std::max(a, b))};
}

/// Pixels of one of three kinds: a smooth field (sums of Gaussians), white noise, or noise of
/// 2..5 levels (many grid values then equal an isovalue drawn from them). Float fields get NaN,
/// +inf and -inf pixels in one case in four.
template <class T>
Volume<T> DrawVolume(cumed::test::RandomDraw& draw, const ImageGeometry& geometry,
                     std::string& kind) {
  const auto [lo, hi] = DrawRange<T>(draw);
  const int pick = draw.integer(0, 2);
  Volume<T> volume;
  if (pick == 0) {
    kind = "smooth";
    volume = SmoothField<T>(geometry, static_cast<unsigned>(draw.engine()()), lo, hi,
                            draw.integer(1, 8));
  } else {
    const int levels = pick == 1 ? 0 : draw.integer(2, 5);
    kind = pick == 1 ? "noise" : "levels" + std::to_string(levels);
    volume.geometry = geometry;
    volume.data.resize(geometry.numberOfPixels());
    for (T& value : volume.data) {
      const double unit =
          levels ? draw.integer(0, levels - 1) / double(levels - 1) : draw.real(0, 1);
      const double x = lo + unit * (hi - lo);
      value = std::is_integral_v<T> ? static_cast<T>(std::lround(x)) : static_cast<T>(x);
    }
  }
  if (std::is_floating_point_v<T> && draw.chance(0.25)) {
    kind += "+nonfinite";
    const float special[3] = {std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity()};
    const int count = draw.integer(1, 20);
    for (int n = 0; n < count; ++n) {
      const auto index =
          static_cast<std::size_t>(draw.integer(0, static_cast<int>(volume.data.size()) - 1));
      volume.data[index] = static_cast<T>(special[draw.integer(0, 2)]);
    }
  }
  return volume;
}

/// 1..3 contour values, each (a quarter of the time each) a grid value exactly, an integer
/// within the data's range, a real within it, or a value below or above every pixel.
template <class T>
std::vector<double> DrawValues(cumed::test::RandomDraw& draw, const std::vector<T>& data) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const T& v : data)
    if (std::isfinite(static_cast<double>(v))) {
      lo = std::min(lo, static_cast<double>(v));
      hi = std::max(hi, static_cast<double>(v));
    }
  if (!(lo <= hi)) lo = hi = 0.0;
  std::vector<double> values(static_cast<std::size_t>(draw.integer(1, 3)));
  for (double& value : values) {
    const int pick = draw.integer(0, 3);
    if (pick == 0) {
      value = static_cast<double>(
          data[static_cast<std::size_t>(draw.integer(0, static_cast<int>(data.size()) - 1))]);
      if (!std::isfinite(value)) value = lo;
    } else if (pick == 1) {
      value = std::round(draw.real(lo, hi));
    } else if (pick == 2) {
      value = draw.real(lo, hi);
    } else {
      const double margin = std::max(1.0, hi - lo) * draw.real(0.001, 0.5);
      value = draw.chance(0.5) ? lo - margin : hi + margin;
    }
    // -0 becomes +0: VtkReference sets the values after SetNumberOfContours, which fills in
    // zeros, and vtkContourValues::SetValue ignores a value that compares equal (-0 == 0), so
    // VTK would contour +0 and write +0 scalars.
    value += 0.0;
  }
  return values;
}

/// Labels for Label mode: grid values (exact), and integers of the pixel type's range that may
/// be absent; on float pixels also non-integers. (Labels an integer pixel type cannot hold are
/// in Discrete.LabelsThePixelTypeCannotHoldMatchNothing: vtkDiscreteFlyingEdges3D 9.1 makes
/// partial surfaces for them.)
template <class T>
std::vector<double> DrawLabels(cumed::test::RandomDraw& draw, const std::vector<T>& data) {
  std::vector<double> labels(static_cast<std::size_t>(draw.integer(1, 3)));
  const int lowest = std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::uint8_t> ? 0 : -2;
  const int highest = std::is_same_v<T, std::uint8_t> ? 255 : 300;
  for (double& label : labels) {
    const int pick = draw.integer(0, 5);
    if (pick < 4) {
      label = static_cast<double>(
          data[static_cast<std::size_t>(draw.integer(0, static_cast<int>(data.size()) - 1))]);
      if (!std::isfinite(label)) label = 0.0;
    } else if (pick == 4 || std::is_integral_v<T>) {
      label = draw.integer(lowest, highest);
    } else {
      label = draw.integer(0, 9) + 0.5;
    }
  }
  return labels;
}

/// A label map: 2..6 labels (a random base and step) in blocks of random size, so labels meet
/// along planes, lines and points.
template <class T>
Volume<T> DrawLabelVolume(cumed::test::RandomDraw& draw, const ImageGeometry& geometry) {
  const int labels = draw.integer(2, 6);
  const int base = draw.integer(0, 100), step = draw.integer(1, 30); // within uint8
  int block[3];
  for (int& b : block) b = draw.integer(1, 6);
  const auto& n = geometry.size;
  std::vector<int> pick(((n[0] / block[0]) + 1) * ((n[1] / block[1]) + 1) *
                        ((n[2] / block[2]) + 1));
  for (int& p : pick) p = draw.integer(0, labels - 1);
  Volume<T> volume{geometry, std::vector<T>(geometry.numberOfPixels())};
  for (std::size_t z = 0; z < n[2]; ++z)
    for (std::size_t y = 0; y < n[1]; ++y)
      for (std::size_t x = 0; x < n[0]; ++x) {
        const std::size_t b =
            ((z / block[2]) * ((n[1] / block[1]) + 1) + y / block[1]) * ((n[0] / block[0]) + 1) +
            x / block[0];
        volume.data[(z * n[1] + y) * n[0] + x] = static_cast<T>(base + step * pick[b]);
      }
  return volume;
}

} // namespace cumed::surface::test
