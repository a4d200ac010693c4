#include "RandomFfdCase.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

namespace cumed::deformationtest {
namespace {

using Vec = std::array<double, 3>;

Vec Scaled(const Vec& v, double f) {
  return {v[0] * f, v[1] * f, v[2] * f};
}

/// A uniformly random rotation (a normalised Gaussian quaternion) as its three columns.
std::array<Vec, 3> RandomRotation(test::RandomDraw& draw) {
  std::normal_distribution<double> normal;
  double q[4];
  double length = 0;
  for (double& x : q) {
    x = normal(draw.engine());
    length += x * x;
  }
  length = std::sqrt(length);
  for (double& x : q) x /= length;
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  return {Vec{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
          Vec{2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
          Vec{2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}};
}

/// Local coordinates of a new point: inside, on a face, an edge or a corner, just or far outside.
Vec DrawLocal(test::RandomDraw& draw) {
  Vec c{draw.real(0, 1), draw.real(0, 1), draw.real(0, 1)};
  const int kind = draw.integer(0, 9);
  if (kind <= 3) return c; // inside
  if (kind <= 6) {         // on 1, 2 or 3 faces: a face, an edge, a corner
    const int faces = draw.integer(1, 3), first = draw.integer(0, 2);
    for (int f = 0; f < faces; ++f) c[(first + f) % 3] = draw.chance(0.5) ? 0.0 : 1.0;
    return c;
  }
  const int axis = draw.integer(0, 2);
  if (kind <= 8) { // just outside, one axis or more
    c[axis] = draw.chance(0.5) ? draw.real(-0.5, -1e-3) : draw.real(1.001, 1.5);
    if (draw.chance(0.3)) c[(axis + 1) % 3] = draw.real(-0.5, 1.5);
    return c;
  }
  for (double& x : c) x = draw.real(-1e3, 1e3); // far outside
  return c;
}

} // namespace

std::array<int, 3> DrawDimensions(test::RandomDraw& draw) {
  std::array<int, 3> d{draw.edgy(2, 16), draw.edgy(2, 16), draw.edgy(2, 16)};
  if (draw.chance(0.1)) d = {2, 2, 2};    // degree 1: trilinear, the smallest lattice
  if (draw.chance(0.05)) d = {16, 16, 8}; // the largest: 2,048 control points, degree 15
  while (std::int64_t{d[0]} * d[1] * d[2] > 2048) --*std::max_element(d.begin(), d.end());
  return d;
}

RandomFfdCase DrawRandomFfdCase(test::RandomDraw& draw) {
  RandomFfdCase c;
  std::ostringstream text;
  ReferenceLattice& l = c.lattice;
  l.dimensions = DrawDimensions(draw);

  // Scale of every length: float extremes both ways (edges of about 1e-14 to 1e16, so that cross
  // products of edges stay normal floats: see Documentation/deformation.md).
  const double scale = draw.chance(0.6) ? 1.0 : draw.pick<double>({1e-9, 1e-5, 1e5, 1e9, 1e13});
  // Extents from 1e-3 to 1e3 each: thin and anisotropic boxes.
  Vec extent;
  for (double& e : extent) e = std::pow(10.0, draw.real(-3, 3)) * scale;
  const int frame = draw.integer(0, 9); // 0-4 axis-aligned, 5-7 rotated, 8-9 rotated and sheared
  std::array<Vec, 3> axes{Vec{1, 0, 0}, Vec{0, 1, 0}, Vec{0, 0, 1}};
  if (frame >= 5) axes = RandomRotation(draw);
  l.s = Scaled(axes[0], extent[0]);
  l.t = Scaled(axes[1], extent[1]);
  l.u = Scaled(axes[2], extent[2]);
  if (frame >= 8) { // shear T and U towards S by up to half of their own length
    for (int a = 0; a < 3; ++a) {
      l.t[a] += draw.real(-0.5, 0.5) * extent[1] * axes[0][a];
      l.u[a] += draw.real(-0.5, 0.5) * extent[2] * axes[0][a];
    }
  }
  const double largest = *std::max_element(extent.begin(), extent.end());
  const bool far = draw.chance(0.1); // far from the world's origin: few float bits inside
  for (double& o : l.origin)
    o = far ? draw.real(-1e4, 1e4) * largest : draw.real(-100, 100) * scale;

  // The mesh, placed in local coordinates; duplicates and midpoints make zero-area triangles.
  const int points = draw.edgy(1, 60);
  for (int p = 0; p < points; ++p) {
    const int kind = p == 0 ? 0 : draw.integer(0, 9);
    double x[3];
    if (kind == 8) { // a duplicate of an earlier point
      const int q = draw.integer(0, p - 1);
      for (int a = 0; a < 3; ++a) x[a] = c.mesh.points[3 * q + a];
    } else if (kind == 9) { // the midpoint of two earlier points: collinear triangles
      const int q = draw.integer(0, p - 1), r = draw.integer(0, p - 1);
      for (int a = 0; a < 3; ++a)
        x[a] = 0.5 * (double(c.mesh.points[3 * q + a]) + c.mesh.points[3 * r + a]);
    } else {
      const Vec local = DrawLocal(draw);
      for (int a = 0; a < 3; ++a)
        x[a] = l.origin[a] + local[0] * l.s[a] + local[1] * l.t[a] + local[2] * l.u[a];
    }
    for (double v : x) c.mesh.points.push_back(static_cast<float>(v));
  }
  const int triangles = draw.edgy(1, 80);
  const bool fan = draw.chance(0.1); // point 0 in more than 32 triangles: the strided sums
  const int fanTriangles = fan ? draw.integer(33, 120) : 0;
  for (int t = 0; t < triangles + fanTriangles; ++t) {
    std::int64_t id[3];
    for (std::int64_t& i : id) i = draw.integer(0, points - 1);
    if (t >= triangles)
      id[draw.integer(0, 2)] = 0;
    else if (draw.chance(0.1))
      id[1] = id[0]; // a repeated point: zero area
    for (std::int64_t i : id) c.mesh.triangles.push_back(i);
  }

  // Displacements of the control points: none, small, large, or a few large ones.
  const int kind = draw.integer(0, 9);
  c.kind = kind == 0   ? DisplacementKind::Zero
           : kind <= 3 ? DisplacementKind::Small
           : kind <= 7 ? DisplacementKind::Large
                       : DisplacementKind::Sparse;
  const std::int64_t count = std::int64_t{l.dimensions[0]} * l.dimensions[1] * l.dimensions[2];
  c.displacements.assign(static_cast<std::size_t>(3 * count), 0.0);
  for (std::int64_t p = 0; p < count; ++p) {
    const bool moved = c.kind != DisplacementKind::Sparse || draw.chance(0.1);
    for (int a = 0; a < 3; ++a) {
      double& d = c.displacements[3 * p + a];
      if (c.kind == DisplacementKind::Small)
        d = draw.real(-1e-3, 1e-3) * largest;
      else if (c.kind != DisplacementKind::Zero && moved)
        d = draw.real(-10, 10) * largest;
    }
  }
  c.normals = draw.chance(0.8);
  c.unitFaces = draw.chance(0.5);

  static const char* const kKinds[] = {"zero", "small", "large", "sparse"};
  text << l.dimensions[0] << "x" << l.dimensions[1] << "x" << l.dimensions[2]
       << " control points, scale " << scale << ", extents " << extent[0] << " " << extent[1] << " "
       << extent[2]
       << (frame >= 8   ? ", sheared"
           : frame >= 5 ? ", rotated"
                        : "")
       << (far ? ", far origin" : "") << ", " << points << " points, " << triangles + fanTriangles
       << " triangles" << (fan ? " (fan)" : "") << ", " << kKinds[int(c.kind)]
       << " displacements, normals " << (c.normals ? (c.unitFaces ? "unit" : "area") : "off");
  c.description = text.str();
  return c;
}

} // namespace cumed::deformationtest
