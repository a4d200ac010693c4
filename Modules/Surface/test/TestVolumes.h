#pragma once
// Test inputs for the isosurface tests: smooth random fields (sums of Gaussians), uniform noise,
// labelled blobs, and geometries with non-trivial spacing, origin and direction.
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Image.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/test/Backends.h" // BackendTest: suites run on every backend

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::surface::test {

using Size3 = std::array<std::size_t, 3>;

template <class T> struct Volume {
  ImageGeometry geometry;
  std::vector<T> data;

  ImageView<const T> view() const { return {data.data(), geometry, MemoryLocation::Host}; }
  /// A host Image holding a copy of the pixels.
  Image image() const {
    Image image = Image::Allocate(PixelTypeOf<T>(), geometry, MemoryLocation::Host);
    std::memcpy(image.data(), data.data(), data.size() * sizeof(T));
    return image;
  }
};

inline std::string TypeName(PixelType type) {
  return ToString(type);
}

/// Spacing (0.7, 1.3, 2.1), an origin away from 0, and a rotation by 30 degrees about the axis
/// (1, 2, 2)/3; with `reflect`, the third column is negated (determinant -1).
inline ImageGeometry ObliqueGeometry(Size3 size, bool reflect = false) {
  ImageGeometry g;
  g.size = size;
  g.spacing = {0.7, 1.3, 2.1};
  g.origin = {-12.5, 30.25, 7.0};
  const double u[3] = {1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0};
  const double c = std::cos(M_PI / 6), s = std::sin(M_PI / 6);
  for (int r = 0; r < 3; ++r) {
    for (int k = 0; k < 3; ++k) {
      const double cross = r == k ? 0.0 : ((r + 1) % 3 == k ? -u[3 - r - k] : u[3 - r - k]);
      g.direction[3 * r + k] = (r == k ? c : 0.0) + (1 - c) * u[r] * u[k] + s * cross;
    }
  }
  if (reflect) {
    for (int r = 0; r < 3; ++r) g.direction[3 * r + 2] = -g.direction[3 * r + 2];
  }
  return g;
}

/// Smallest spacing: tolerances "in voxels" are multiplied by it to get world units.
inline double MinSpacing(const ImageGeometry& g) {
  return std::min({g.spacing[0], g.spacing[1], g.spacing[2]});
}

/// A sum of `blobs` Gaussians (random centres, widths and signs), rescaled to [lo, hi] and
/// rounded for integer types: smooth, with plateaus and grid values equal to integer isovalues.
template <class T>
Volume<T> SmoothField(const ImageGeometry& geometry, unsigned seed, double lo, double hi,
                      int blobs = 12) {
  std::mt19937 random(seed);
  const auto& n = geometry.size;
  struct Blob {
    double c[3], inverseWidth, amplitude;
  };
  std::vector<Blob> list(blobs);
  const double smallest = static_cast<double>(std::min({n[0], n[1], n[2]}));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (auto& b : list) {
    for (int a = 0; a < 3; ++a) b.c[a] = unit(random) * static_cast<double>(n[a] - 1);
    const double width = 2.0 + unit(random) * 0.3 * smallest;
    b.inverseWidth = 1.0 / (2.0 * width * width);
    b.amplitude = unit(random) < 0.7 ? 1.0 : -0.6;
  }
  std::vector<double> f(geometry.numberOfPixels());
#pragma omp parallel for schedule(static)
  for (std::int64_t z = 0; z < static_cast<std::int64_t>(n[2]); ++z) {
    for (std::size_t y = 0; y < n[1]; ++y) {
      for (std::size_t x = 0; x < n[0]; ++x) {
        double sum = 0.0;
        for (const auto& b : list) {
          const double dx = x - b.c[0], dy = y - b.c[1], dz = z - b.c[2];
          sum += b.amplitude * std::exp(-(dx * dx + dy * dy + dz * dz) * b.inverseWidth);
        }
        f[(z * n[1] + y) * n[0] + x] = sum;
      }
    }
  }
  const auto [minIt, maxIt] = std::minmax_element(f.begin(), f.end());
  const double fmin = *minIt, scale = (hi - lo) / std::max(*maxIt - fmin, 1e-12);
  Volume<T> v{geometry, std::vector<T>(f.size())};
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double value = lo + (f[i] - fmin) * scale;
    v.data[i] = std::is_integral_v<T> ? static_cast<T>(std::lround(value)) : static_cast<T>(value);
  }
  return v;
}

/// Uniform noise: float in [0, 1), integers over [0, 255]; contoured at the median it gives
/// about 2.4 triangles per cell.
template <class T> Volume<T> NoiseField(const ImageGeometry& geometry, std::uint64_t seed) {
  Volume<T> v{geometry, std::vector<T>(geometry.numberOfPixels())};
  const auto count = static_cast<std::int64_t>(v.data.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    std::uint64_t h =
        (static_cast<std::uint64_t>(i) + seed * 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    h *= 0x94d049bb133111ebull;
    h ^= h >> 29;
    if constexpr (std::is_floating_point_v<T>)
      v.data[i] = static_cast<T>(static_cast<double>(h >> 40) / static_cast<double>(1ull << 24));
    else
      v.data[i] = static_cast<T>(h >> 56);
  }
  return v;
}

/// Background 0 and ellipsoidal blobs carrying `labels` (in turn); later blobs overwrite earlier
/// ones, so labels touch each other, and one blob is cut by the volume's faces.
template <class T>
Volume<T> LabelBlobs(const ImageGeometry& geometry, const std::vector<T>& labels, unsigned seed,
                     int blobs = 9) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto& n = geometry.size;
  Volume<T> v{geometry, std::vector<T>(geometry.numberOfPixels(), T(0))};
  for (int b = 0; b < blobs; ++b) {
    double c[3], r[3];
    for (int a = 0; a < 3; ++a) {
      c[a] = b == 0 ? 0.0 : (0.15 + 0.7 * unit(random)) * static_cast<double>(n[a] - 1);
      r[a] = (0.12 + 0.2 * unit(random)) * static_cast<double>(n[a]);
    }
    const T label = labels[b % labels.size()];
    for (std::size_t z = 0; z < n[2]; ++z)
      for (std::size_t y = 0; y < n[1]; ++y)
        for (std::size_t x = 0; x < n[0]; ++x) {
          const double dx = (x - c[0]) / r[0], dy = (y - c[1]) / r[1], dz = (z - c[2]) / r[2];
          if (dx * dx + dy * dy + dz * dz <= 1.0) v.data[(z * n[1] + y) * n[0] + x] = label;
        }
  }
  return v;
}

/// Planes [first, end) of `volume`, as a volume of their own (a slab's planes and halo).
template <class T>
Volume<T> PlanesOf(const Volume<T>& volume, std::int64_t first, std::int64_t end) {
  Volume<T> part{volume.geometry, {}};
  part.geometry.size[2] = static_cast<std::size_t>(end - first);
  const std::size_t plane = volume.geometry.size[0] * volume.geometry.size[1];
  part.data.assign(volume.data.begin() + first * plane, volume.data.begin() + end * plane);
  return part;
}

/// The mesh of one extraction, on `backend`.
template <class T>
SurfaceMesh Extract(const ImageView<const T>& volume, IsosurfaceOptions options, Backend backend,
                    const std::vector<ImageView<const float>>& attributes = {}) {
  options.backend = backend;
  IsosurfaceResult result = ExtractIsosurface(volume, options, attributes);
  EXPECT_EQ(result.backendUsed, backend);
  return std::move(result.mesh);
}

} // namespace cumed::surface::test
