#include "FfdReference.h"

#include <algorithm>
#include <cmath>

namespace cumed::deformationtest {
namespace {

using Vec = std::array<double, 3>;

Vec Cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double Dot(const Vec& a, const Vec& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
double Norm(const Vec& a) {
  return std::sqrt(Dot(a, a));
}

} // namespace

double Binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

double Bernstein(int n, int i, double x) {
  // std::pow(0.0, 0) is 1, as the definition needs at the faces.
  return Binomial(n, i) * std::pow(x, i) * std::pow(1.0 - x, n - i);
}

std::vector<double> ReferenceRestPoints(const ReferenceLattice& l) {
  std::vector<double> rest;
  const auto& d = l.dimensions;
  for (int k = 0; k < d[2]; ++k)
    for (int j = 0; j < d[1]; ++j)
      for (int i = 0; i < d[0]; ++i)
        for (int c = 0; c < 3; ++c)
          rest.push_back(l.origin[c] + l.s[c] * i / (d[0] - 1) + l.t[c] * j / (d[1] - 1) +
                         l.u[c] * k / (d[2] - 1));
  return rest;
}

std::array<double, 3> ReferenceLocal(const ReferenceLattice& l, const double x[3]) {
  const Vec d{x[0] - l.origin[0], x[1] - l.origin[1], x[2] - l.origin[2]};
  const double volume = Dot(l.s, Cross(l.t, l.u));
  return {Dot(d, Cross(l.t, l.u)) / volume, Dot(l.s, Cross(d, l.u)) / volume,
          Dot(l.s, Cross(l.t, d)) / volume};
}

std::array<double, 3> ReferenceDeform(const ReferenceLattice& l,
                                      const std::vector<double>& controlPoints, const double x[3]) {
  const Vec local = ReferenceLocal(l, x);
  Vec c;
  for (int a = 0; a < 3; ++a) c[a] = std::clamp(local[a], 0.0, 1.0);
  // X - (rest box at c): zero up to rounding inside the lattice, the offset of an outside point.
  Vec result;
  for (int a = 0; a < 3; ++a)
    result[a] = x[a] - (l.origin[a] + c[0] * l.s[a] + c[1] * l.t[a] + c[2] * l.u[a]);
  const auto& d = l.dimensions;
  std::vector<double> bs(d[0]), bt(d[1]), bu(d[2]);
  for (int i = 0; i < d[0]; ++i) bs[i] = Bernstein(d[0] - 1, i, c[0]);
  for (int j = 0; j < d[1]; ++j) bt[j] = Bernstein(d[1] - 1, j, c[1]);
  for (int k = 0; k < d[2]; ++k) bu[k] = Bernstein(d[2] - 1, k, c[2]);
  std::size_t index = 0;
  for (int k = 0; k < d[2]; ++k)
    for (int j = 0; j < d[1]; ++j)
      for (int i = 0; i < d[0]; ++i, ++index) {
        const double w = bs[i] * bt[j] * bu[k];
        for (int a = 0; a < 3; ++a) result[a] += w * controlPoints[3 * index + a];
      }
  return result;
}

ReferenceNormals ReferenceVertexNormals(const float* points, std::size_t numberOfPoints,
                                        const std::int64_t* triangles, std::size_t corners,
                                        bool unitFaces, double epsilon) {
  const std::size_t n = numberOfPoints;
  ReferenceNormals r;
  r.sums.assign(3 * n, 0.0);
  r.errorBound.assign(n, 0.0);
  r.corners.assign(n, 0);
  auto at = [&](std::int64_t v) {
    return Vec{points[3 * v], points[3 * v + 1], points[3 * v + 2]};
  };
  for (std::size_t corner = 0; corner < corners; ++corner) {
    const std::size_t first = corner - corner % 3, slot = corner % 3;
    const std::int64_t v = triangles[corner];
    const std::int64_t next = triangles[first + (slot + 1) % 3];
    const std::int64_t last = triangles[first + (slot + 2) % 3];
    const Vec p = at(v), q = at(next), w = at(last);
    const Vec a{q[0] - p[0], q[1] - p[1], q[2] - p[2]};
    const Vec b{w[0] - p[0], w[1] - p[1], w[2] - p[2]};
    Vec c = Cross(a, b);
    const double length = Norm(c), scale = Norm(a) * Norm(b);
    double error = epsilon * scale;
    if (unitFaces) {
      error = length > 0 ? std::min(2.0, error / length) : (scale > 0 ? 2.0 : 0.0);
      if (length > 0)
        for (double& x : c) x /= length;
    }
    for (int k = 0; k < 3; ++k) r.sums[3 * v + k] += c[k];
    r.errorBound[v] += error;
    ++r.corners[v];
  }
  return r;
}

} // namespace cumed::deformationtest
