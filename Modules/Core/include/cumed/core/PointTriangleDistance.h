#pragma once
// Exact distances from a point to a segment and to a triangle, in double. Robust where marching
// cubes makes degenerate triangles (corners that coincide or lie on one line, where voxels equal
// the isovalue): a triangle without area is measured as its three edges and an edge without
// length as its point, so nothing is ever divided by a vanishing area or length.
#include <algorithm>
#include <initializer_list>

namespace cumed::geometry {

struct Vector3 {
  double x = 0.0, y = 0.0, z = 0.0;
};

inline Vector3 operator+(const Vector3& a, const Vector3& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vector3 operator-(const Vector3& a, const Vector3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Vector3 operator*(double s, const Vector3& a) {
  return {s * a.x, s * a.y, s * a.z};
}
inline double Dot(const Vector3& a, const Vector3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline Vector3 Cross(const Vector3& a, const Vector3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// Squared distance from p to the segment [a, b] (to the point a when a == b); the closest point
/// of the segment goes to `closest` when it is not null.
inline double SquaredDistanceToSegment(const Vector3& p, const Vector3& a, const Vector3& b,
                                       Vector3* closest = nullptr) {
  const Vector3 ab = b - a;
  const double length2 = Dot(ab, ab);
  const double t = length2 > 0.0 ? std::clamp(Dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
  const Vector3 q = a + t * ab;
  if (closest) *closest = q;
  const Vector3 d = p - q;
  return Dot(d, d);
}

/// A triangle whose squared sine of the angle at its first corner is below this is measured as
/// its edges: the normal computed there would be mostly rounding error (relative error ~
/// 1e-16 / sine), while the edges are off by at most the triangle's width (~ edge * sine); 1e-8
/// for the sine balances the two.
inline constexpr double kDegenerateSine2 = 1e-16;

/// Squared distance from p to the triangle (a, b, c), interior included; the closest point of
/// the triangle goes to `closest` when it is not null.
inline double SquaredDistanceToTriangle(const Vector3& p, const Vector3& a, const Vector3& b,
                                        const Vector3& c, Vector3* closest = nullptr) {
  // A corner is at 0 exactly (the plane below would leave rounding of ~1e-16 of the size), so
  // a mesh is at distance 0 from itself.
  for (const Vector3* corner : {&a, &b, &c}) {
    if (p.x == corner->x && p.y == corner->y && p.z == corner->z) {
      if (closest) *closest = p;
      return 0.0;
    }
  }
  const Vector3 ab = b - a, ac = c - a, ap = p - a;
  const Vector3 n = Cross(ab, ac);
  const double n2 = Dot(n, n);
  if (n2 > kDegenerateSine2 * Dot(ab, ab) * Dot(ac, ac)) {
    // Barycentric coordinates of p's projection onto the plane: inside, the plane distance is it.
    const double s = Dot(Cross(ap, ac), n) / n2;
    const double t = Dot(Cross(ab, ap), n) / n2;
    if (s >= 0.0 && t >= 0.0 && s + t <= 1.0) {
      const double h = Dot(ap, n) / n2;
      if (closest) *closest = p - h * n;
      return h * h * n2;
    }
  }
  // Outside (or no area): the closest point lies on the boundary.
  Vector3 q1, q2, q3;
  const double d1 = SquaredDistanceToSegment(p, a, b, &q1);
  const double d2 = SquaredDistanceToSegment(p, b, c, &q2);
  const double d3 = SquaredDistanceToSegment(p, c, a, &q3);
  if (d1 <= d2 && d1 <= d3) {
    if (closest) *closest = q1;
    return d1;
  }
  if (d2 <= d3) {
    if (closest) *closest = q2;
    return d2;
  }
  if (closest) *closest = q3;
  return d3;
}

} // namespace cumed::geometry
