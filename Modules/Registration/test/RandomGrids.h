#pragma once
// Grids and fixed geometries for the registration tests: rotated, anisotropic, random coefficients.
#include "cumed/registration/BSplineGrid.h"

#include <array>
#include <cmath>
#include <random>

namespace cumed::registration::test {

/// Rotation by `angle` radians about the unit axis (x, y, z), row-major.
inline std::array<double, 9> Rotation(double x, double y, double z, double angle) {
  const double n = std::sqrt(x * x + y * y + z * z);
  x /= n, y /= n, z /= n;
  const double c = std::cos(angle), s = std::sin(angle), t = 1.0 - c;
  return {t * x * x + c,     t * x * y - s * z, t * x * z + s * y, t * x * y + s * z, t * y * y + c,
          t * y * z - s * x, t * x * z - s * y, t * y * z + s * x, t * z * z + c};
}

/// A rotated, anisotropic domain of 4 x 3 x 5 cells with coefficients uniform in [-amplitude,
/// amplitude] mm.
inline BSplineGrid RandomGrid(unsigned seed, double amplitude = 5.0) {
  TransformDomain domain;
  domain.origin = {-12.5, 7.25, 30.0};
  domain.physicalDimensions = {80.0, 45.0, 120.0};
  domain.direction = Rotation(0.3, -0.5, 0.8, 0.4);
  domain.meshSize = {4, 3, 5};
  BSplineGrid grid(domain);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-amplitude, amplitude);
  for (int c = 0; c < 3; ++c) {
    double* data = grid.coefficientData(c);
    for (std::size_t p = 0; p < grid.numberOfControlPoints(); ++p) data[p] = value(random);
  }
  return grid;
}

/// A fixed grid with its own rotation and spacing, centred on RandomGrid's domain and reaching
/// beyond it (so some voxels fall outside the B-spline's support).
inline ImageGeometry FixedGeometry() {
  const TransformDomain domain = RandomGrid(0).domain();
  ImageGeometry g;
  g.size = {23, 17, 29};
  g.spacing = {5.9, 5.1, 7.3};
  g.direction = Rotation(-0.2, 0.9, 0.1, -0.25);
  for (int r = 0; r < 3; ++r) {
    double centre = domain.origin[r], half = 0.0;
    for (int c = 0; c < 3; ++c) {
      centre += domain.direction[3 * r + c] * domain.physicalDimensions[c] / 2.0;
      half += g.direction[3 * r + c] * double(g.size[c] - 1) * g.spacing[c] / 2.0;
    }
    // Off by a fraction of a voxel, so no voxel sits exactly on the support's edge.
    g.origin[r] = centre - half + 0.37;
  }
  return g;
}

/// A fixed grid with RandomGrid's direction (the separable case: each axis's B-spline support
/// depends on that axis's index alone), starting about 3 voxels before the domain and ending
/// beyond it. No voxel lies on the domain's lower faces: there ITK's inside test turns on the last
/// bit of its continuous index (see registration.md), which CuMed cannot reproduce bit for bit.
inline ImageGeometry AlignedFixedGeometry() {
  const TransformDomain domain = RandomGrid(0).domain();
  ImageGeometry g;
  g.size = {29, 21, 31};
  g.spacing = {3.1, 2.6, 4.45};
  g.direction = domain.direction;
  for (int r = 0; r < 3; ++r) {
    g.origin[r] = domain.origin[r];
    for (int c = 0; c < 3; ++c) g.origin[r] -= domain.direction[3 * r + c] * 2.63 * g.spacing[c];
  }
  return g;
}

} // namespace cumed::registration::test
