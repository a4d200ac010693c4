#pragma once
// Small synthetic images for registration tests: smooth random "anatomy" (a sum of Gaussian
// blobs) and a known warp of it made with a random B-spline grid.
#include "cumed/core/Image.h"
#include "cumed/registration/BSplineGrid.h"

#include <cmath>
#include <random>

namespace cumed::registration::test {

inline ImageGeometry BlobGeometry(bool planar = false) {
  ImageGeometry g;
  g.size = {48, 44, planar ? 1u : 40u};
  g.spacing = {2.0, 2.0, 2.0};
  g.origin = {-40.0, 12.0, 5.0};
  const double c = std::cos(0.2), s = std::sin(0.2);
  g.direction = {c, -s, 0, s, c, 0, 0, 0, 1};
  return g;
}

/// Blobs with random centres in the image, sigma 4..9 mm, amplitudes -300..600 on a 100 base.
inline Image Blobs(const ImageGeometry& g, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  struct Blob {
    double c[3], sigma, amplitude;
  };
  std::vector<Blob> blobs(60);
  for (Blob& b : blobs) {
    for (int a = 0; a < 3; ++a) b.c[a] = unit(random) * double(g.size[a] - 1);
    b.sigma = 2.0 + 2.5 * unit(random); // voxels (2 mm)
    b.amplitude = -300.0 + 900.0 * unit(random);
  }
  Image image = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host);
  float* p = image.view<float>().data;
  for (std::size_t k = 0; k < g.size[2]; ++k)
    for (std::size_t j = 0; j < g.size[1]; ++j)
      for (std::size_t i = 0; i < g.size[0]; ++i) {
        double v = 100.0;
        for (const Blob& b : blobs) {
          const double dx = i - b.c[0], dy = j - b.c[1], dz = g.size[2] == 1 ? 0.0 : k - b.c[2];
          v += b.amplitude * std::exp(-(dx * dx + dy * dy + dz * dz) / (2 * b.sigma * b.sigma));
        }
        *p++ = static_cast<float>(v);
      }
  return image;
}

/// A random grid over `g` (control spacing `spacing`), coefficients uniform in +-amplitude mm
/// (zero along z for a planar image).
inline void RandomCoefficients(BSplineGrid& grid, double amplitude, unsigned seed, bool planar) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-amplitude, amplitude);
  std::array<std::vector<double>, 3> c;
  for (int d = 0; d < 3; ++d) {
    c[d].resize(grid.numberOfControlPoints());
    for (double& v : c[d]) v = (planar && d == 2) ? 0.0 : value(random);
  }
  grid.setCoefficients(std::move(c));
}

} // namespace cumed::registration::test
