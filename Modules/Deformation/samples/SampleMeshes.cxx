#include "cumed/deformation/SampleMeshes.h"

#include <cmath>
#include <random>

namespace cumed::deformation::samples {

SurfaceMesh BumpySphere(int rings, int segments, double jitter, unsigned seed,
                        const std::array<double, 3>& center) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> bump(-jitter, jitter);
  const double pi = std::acos(-1.0);
  SurfaceMesh mesh;
  auto add = [&](double theta, double phi) {
    const double r = 1.0 + bump(random);
    mesh.points.push_back(float(center[0] + r * std::sin(theta) * std::cos(phi)));
    mesh.points.push_back(float(center[1] + r * std::sin(theta) * std::sin(phi)));
    mesh.points.push_back(float(center[2] + r * std::cos(theta)));
  };
  add(0, 0); // north pole: point 0
  for (int i = 1; i < rings; ++i)
    for (int j = 0; j < segments; ++j) add(pi * i / rings, 2 * pi * j / segments);
  add(pi, 0); // south pole
  const std::int64_t south = 1 + std::int64_t{rings - 1} * segments;
  auto ring = [&](int i, int j) { return 1 + std::int64_t{i - 1} * segments + (j % segments); };
  auto tri = [&](std::int64_t a, std::int64_t b, std::int64_t c) {
    mesh.triangles.push_back(a);
    mesh.triangles.push_back(b);
    mesh.triangles.push_back(c);
  };
  for (int j = 0; j < segments; ++j) tri(0, ring(1, j), ring(1, j + 1));
  for (int i = 1; i + 1 < rings; ++i)
    for (int j = 0; j < segments; ++j) {
      tri(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1));
      tri(ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
    }
  for (int j = 0; j < segments; ++j) tri(south, ring(rings - 1, j + 1), ring(rings - 1, j));
  mesh.pointOffsets = {0, mesh.numberOfPoints()};
  mesh.triangleOffsets = {0, mesh.numberOfTriangles()};
  return mesh;
}

std::vector<double> TwistedControlPoints(const Lattice& lattice, double amount) {
  std::vector<double> points = lattice.restPoints();
  const int nx = lattice.dimensions[0], ny = lattice.dimensions[1], nz = lattice.dimensions[2];
  for (int k = 0, p = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i, ++p) {
        const double s = double(i) / (nx - 1) - 0.5, t = double(j) / (ny - 1) - 0.5;
        const double h = double(k) / (nz - 1), angle = amount * (h - 0.5);
        const double a = 0.5 + std::cos(angle) * s - std::sin(angle) * t + 0.1 * amount * h * h;
        const double b = 0.5 + std::sin(angle) * s + std::cos(angle) * t;
        for (int c = 0; c < 3; ++c)
          points[3 * p + c] =
              lattice.origin[c] + a * lattice.s[c] + b * lattice.t[c] + h * lattice.u[c];
      }
  return points;
}

} // namespace cumed::deformation::samples
