#pragma once
// Signed-distance primitives the phantom is built from, in millimetres (patient LPS coordinates).
// Each returns the signed distance (negative inside) and the outward unit normal at the nearest
// boundary, so a voxel's coverage can be ramped over the voxel's extent along that normal.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <utility>
#include <vector>

namespace cumed::data::detail {

struct Vec3 {
  double x = 0, y = 0, z = 0;
};
inline Vec3 operator+(Vec3 a, Vec3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vec3 operator-(Vec3 a, Vec3 b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Vec3 operator*(double s, Vec3 a) {
  return {s * a.x, s * a.y, s * a.z};
}
inline double Dot(Vec3 a, Vec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline double Length(Vec3 a) {
  return std::sqrt(Dot(a, a));
}

/// Axis-aligned box; structures are only evaluated for voxels whose centre lies inside it.
struct Bounds {
  Vec3 lo, hi;
  bool Contains(Vec3 p) const {
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && p.z >= lo.z && p.z <= hi.z;
  }
  Bounds Expanded(double margin) const {
    return {lo - Vec3{margin, margin, margin}, hi + Vec3{margin, margin, margin}};
  }
};

struct SignedDistance {
  double distance; ///< mm, negative inside
  Vec3 normal;     ///< unit vector pointing outwards
};

/// The elliptic cross-section shared by the ellipse and ellipsoid: a first-order distance
/// (implicit value over gradient length), exact on the boundary, which is all the ramp needs.
inline SignedDistance EllipsoidDistance(Vec3 p, Vec3 semiAxes) {
  const Vec3 q{p.x / semiAxes.x, p.y / semiAxes.y, p.z / semiAxes.z};
  const Vec3 g{q.x / semiAxes.x, q.y / semiAxes.y, q.z / semiAxes.z}; // gradient direction
  const double k0 = Length(q);
  const double k1 = Length(g);
  if (k1 < 1e-12) { // at the centre: deep inside
    const double smallest = std::min({semiAxes.x, semiAxes.y, semiAxes.z});
    return {-smallest, {0, 0, 1}};
  }
  return {k0 * (k0 - 1.0) / k1, (1.0 / k1) * g};
}

/// Ellipsoid with axes along x, y, z.
struct Ellipsoid {
  Vec3 center, semiAxes;
  SignedDistance Distance(Vec3 p) const { return EllipsoidDistance(p - center, semiAxes); }
  Bounds Box() const { return {center - semiAxes, center + semiAxes}; }
};

/// Elliptic cylinder along z, unbounded in z (body outline, fat and muscle layers).
struct EllipticCylinder {
  double centerX, centerY, semiX, semiY;
  SignedDistance Distance(Vec3 p) const {
    // A huge z semi-axis turns the ellipsoid formula into the 2D ellipse.
    // z = 0 turns the ellipsoid formula into the 2D ellipse (the z semi-axis then plays no part).
    return EllipsoidDistance({p.x - centerX, p.y - centerY, 0.0}, {semiX, semiY, 1.0});
  }
  Bounds Box() const {
    return {{centerX - semiX, centerY - semiY, -1e30}, {centerX + semiX, centerY + semiY, 1e30}};
  }
};

/// A 2D shape (in-plane distance `inPlane`, normal in the xy plane) extruded between two planes
/// |z - centerZ| <= halfHeight: exact distance including the rims.
inline SignedDistance Extruded(SignedDistance inPlane, double z, double centerZ,
                               double halfHeight) {
  const Vec3 axial{0, 0, z >= centerZ ? 1.0 : -1.0};
  const double dr = inPlane.distance, dz = std::abs(z - centerZ) - halfHeight;
  if (dr <= 0 && dz <= 0) return dr > dz ? inPlane : SignedDistance{dz, axial};
  if (dz <= 0) return inPlane;
  if (dr <= 0) return {dz, axial};
  const double d = std::hypot(dr, dz); // beyond a rim: the nearest point is on the rim
  return {d, (dr / d) * inPlane.normal + (dz / d) * axial};
}

/// Circular cylinder along z with flat caps (vertebral bodies, the disc column).
struct CappedCylinder {
  Vec3 center;
  double radius, halfHeight;
  SignedDistance Distance(Vec3 p) const {
    const double dx = p.x - center.x, dy = p.y - center.y;
    const double r = std::hypot(dx, dy);
    const Vec3 radial = r > 1e-12 ? Vec3{dx / r, dy / r, 0} : Vec3{1, 0, 0};
    return Extruded({r - radius, radial}, p.z, center.z, halfHeight);
  }
  Bounds Box() const {
    return {center - Vec3{radius, radius, halfHeight}, center + Vec3{radius, radius, halfHeight}};
  }
};

/// An ellipsoid cut by an elliptic cylinder (a lung: rounded apex and diaphragm dome, but flat
/// against the chest wall): the intersection, whose distance is the larger of the two.
struct ClippedEllipsoid {
  Ellipsoid body;
  EllipticCylinder wall;
  SignedDistance Distance(Vec3 p) const {
    const SignedDistance a = body.Distance(p), b = wall.Distance(p);
    return a.distance >= b.distance ? a : b;
  }
  Bounds Box() const { return body.Box(); }
};

/// A tube of constant radius around a polyline (ribs, vessels, airways, vertebral arches): the
/// union of capsules, evaluated as the minimum distance so joints stay smooth.
class Tube {
public:
  Tube(std::vector<Vec3> points, double radius) : points_(std::move(points)), radius_(radius) {
    assert(points_.size() >= 2 && "a tube needs at least one segment");
    for (std::size_t i = 0; i + 1 < points_.size(); ++i) {
      const Vec3 a = points_[i], b = points_[i + 1];
      segmentBoxes_.push_back(Bounds{
          {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)},
          {std::max(a.x, b.x), std::max(a.y, b.y),
           std::max(a.z, b.z)}}.Expanded(radius));
    }
  }
  /// `reach`: how far outside the tube a distance is still needed; segments farther are skipped.
  SignedDistance Distance(Vec3 p, double reach) const {
    SignedDistance best{1e30, {0, 0, 1}};
    for (std::size_t i = 0; i + 1 < points_.size(); ++i) {
      if (!segmentBoxes_[i].Expanded(reach).Contains(p)) continue;
      const Vec3 a = points_[i], ab = points_[i + 1] - points_[i];
      const double t = std::clamp(Dot(p - a, ab) / std::max(Dot(ab, ab), 1e-12), 0.0, 1.0);
      const Vec3 offset = p - (a + t * ab);
      const double length = Length(offset);
      if (length - radius_ < best.distance) {
        best.distance = length - radius_;
        best.normal = length > 1e-12 ? (1.0 / length) * offset : Vec3{0, 0, 1};
      }
    }
    return best;
  }
  Bounds Box() const {
    Bounds box = segmentBoxes_.front();
    for (const Bounds& b : segmentBoxes_) {
      box.lo = {std::min(box.lo.x, b.lo.x), std::min(box.lo.y, b.lo.y), std::min(box.lo.z, b.lo.z)};
      box.hi = {std::max(box.hi.x, b.hi.x), std::max(box.hi.y, b.hi.y), std::max(box.hi.z, b.hi.z)};
    }
    return box;
  }
  double Radius() const { return radius_; }

private:
  std::vector<Vec3> points_;
  double radius_;
  std::vector<Bounds> segmentBoxes_;
};

/// A 2D tube profile (polyline in the xy plane, z of the points ignored) extruded along z:
/// vertebral arches and processes, which span most of a vertebra's height.
class ExtrudedTube {
public:
  ExtrudedTube(std::vector<Vec3> profile, double radius, double centerZ, double halfHeight)
      : profile_(Flattened(std::move(profile)), radius), centerZ_(centerZ),
        halfHeight_(halfHeight) {}
  SignedDistance Distance(Vec3 p, double reach) const {
    return Extruded(profile_.Distance({p.x, p.y, 0}, reach), p.z, centerZ_, halfHeight_);
  }
  Bounds Box() const {
    Bounds box = profile_.Box();
    box.lo.z = centerZ_ - halfHeight_;
    box.hi.z = centerZ_ + halfHeight_;
    return box;
  }

private:
  static std::vector<Vec3> Flattened(std::vector<Vec3> points) {
    for (Vec3& point : points) point.z = 0;
    return points;
  }
  Tube profile_;
  double centerZ_, halfHeight_;
};

} // namespace cumed::data::detail
