#include "cumed/deformation/Lattice.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "src/LatticeMath.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace cumed::deformation {
namespace {

std::string Vector(const std::array<double, 3>& v) {
  std::ostringstream text;
  text << "(" << v[0] << ", " << v[1] << ", " << v[2] << ")";
  return text.str();
}

double Determinant(const Lattice& l) {
  const auto &s = l.s, &t = l.t, &u = l.u;
  return s[0] * (t[1] * u[2] - t[2] * u[1]) - t[0] * (s[1] * u[2] - s[2] * u[1]) +
         u[0] * (s[1] * t[2] - s[2] * t[1]);
}

double Length(const std::array<double, 3>& v) {
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

} // namespace

std::vector<double> Lattice::restPoints() const {
  std::vector<double> points;
  points.reserve(static_cast<std::size_t>(3 * numberOfControlPoints()));
  for (int k = 0; k < dimensions[2]; ++k)
    for (int j = 0; j < dimensions[1]; ++j)
      for (int i = 0; i < dimensions[0]; ++i) {
        const double a = double(i) / (dimensions[0] - 1), b = double(j) / (dimensions[1] - 1),
                     c = double(k) / (dimensions[2] - 1);
        for (int x = 0; x < 3; ++x) points.push_back(origin[x] + a * s[x] + b * t[x] + c * u[x]);
      }
  return points;
}

void ValidateLattice(const Lattice& lattice) {
  static const char* const kAxes[3] = {"S", "T", "U"};
  for (int a = 0; a < 3; ++a) {
    const int n = lattice.dimensions[a];
    if (n < 2)
      throw InvalidArgument("FFD lattice: " + std::to_string(n) + " control point(s) along " +
                            kAxes[a] + " (degree " + std::to_string(n - 1) +
                            "); at least 2 (degree 1) are needed");
    if (n > kMaxControlPointsPerAxis)
      throw InvalidArgument("FFD lattice: " + std::to_string(n) + " control points along " +
                            kAxes[a] + "; at most " + std::to_string(kMaxControlPointsPerAxis) +
                            " are supported");
  }
  if (lattice.numberOfControlPoints() > kMaxControlPoints)
    throw InvalidArgument("FFD lattice: " + std::to_string(lattice.numberOfControlPoints()) +
                          " control points; at most " + std::to_string(kMaxControlPoints) +
                          " are supported");
  const std::array<double, 3>* vectors[4] = {&lattice.origin, &lattice.s, &lattice.t, &lattice.u};
  static const char* const kNames[4] = {"origin", "axis S", "axis T", "axis U"};
  for (int v = 0; v < 4; ++v)
    for (double x : *vectors[v])
      if (!std::isfinite(x))
        throw InvalidArgument(std::string("FFD lattice: ") + kNames[v] + " " + Vector(*vectors[v]) +
                              " is not finite");
  // Deformed points are floats: the lattice's far corner must fit (origin=1e308 gave inf).
  static const char* const kXyz[3] = {"x", "y", "z"};
  for (int c = 0; c < 3; ++c) {
    const double reach = std::abs(lattice.origin[c]) + std::abs(lattice.s[c]) +
                         std::abs(lattice.t[c]) + std::abs(lattice.u[c]);
    if (!(reach <= numbers::kFloatSafe))
      numbers::RequireInRange(std::string("FFD lattice: origin + axes along ") + kXyz[c], reach,
                              -numbers::kFloatSafe, numbers::kFloatSafe,
                              "deformed points are floats");
  }
  const double scale = Length(lattice.s) * Length(lattice.t) * Length(lattice.u);
  if (!(std::abs(Determinant(lattice)) > 1e-12 * scale) || scale == 0)
    throw InvalidArgument("FFD lattice: axes S " + Vector(lattice.s) + ", T " + Vector(lattice.t) +
                          ", U " + Vector(lattice.u) +
                          " are coplanar or zero: they must span a volume");
}

std::array<double, 6> MeshBounds(const SurfaceMesh& mesh) {
  const std::int64_t n = mesh.numberOfPoints();
  if (n == 0) throw InvalidArgument("FFD: the mesh has no points");
  std::array<double, 6> bounds{};
  for (int a = 0; a < 3; ++a) {
    bounds[2 * a] = mesh.points[a];
    bounds[2 * a + 1] = mesh.points[a];
  }
  for (std::int64_t p = 0; p < n; ++p)
    for (int a = 0; a < 3; ++a) {
      const float x = mesh.points[3 * p + a];
      if (!std::isfinite(x)) detail::ThrowNonFinitePoint(p, mesh.points.data() + 3 * p);
      bounds[2 * a] = std::min<double>(bounds[2 * a], x);
      bounds[2 * a + 1] = std::max<double>(bounds[2 * a + 1], x);
    }
  return bounds;
}

Lattice LatticeAroundBounds(const std::array<double, 6>& bounds,
                            const std::array<int, 3>& dimensions, double margin) {
  if (!(margin >= 0) || !std::isfinite(margin))
    throw InvalidArgument("FFD lattice: margin " + std::to_string(margin) +
                          " must be a finite number >= 0");
  for (int a = 0; a < 3; ++a)
    if (!std::isfinite(bounds[2 * a]) || !std::isfinite(bounds[2 * a + 1]) ||
        bounds[2 * a] > bounds[2 * a + 1])
      throw InvalidArgument("FFD lattice: bounds along axis " + std::to_string(a) + " [" +
                            std::to_string(bounds[2 * a]) + ", " +
                            std::to_string(bounds[2 * a + 1]) + "] are not an interval");
  double extent = 0;
  for (int a = 0; a < 3; ++a) extent = std::max(extent, bounds[2 * a + 1] - bounds[2 * a]);
  double grow = margin * extent;
  Lattice lattice;
  lattice.dimensions = dimensions;
  std::array<double, 3> size{};
  for (int a = 0; a < 3; ++a) size[a] = bounds[2 * a + 1] - bounds[2 * a] + 2 * grow;
  // A flat side (a planar mesh without margin, or one point) gets the largest extent, or 1.
  const double fallback = extent > 0 ? extent : 1.0;
  for (int a = 0; a < 3; ++a) {
    if (size[a] <= 0) {
      size[a] = fallback;
      lattice.origin[a] = bounds[2 * a] - fallback / 2;
    } else {
      lattice.origin[a] = bounds[2 * a] - grow;
    }
  }
  lattice.s = {size[0], 0, 0};
  lattice.t = {0, size[1], 0};
  lattice.u = {0, 0, size[2]};
  ValidateLattice(lattice);
  return lattice;
}

} // namespace cumed::deformation
