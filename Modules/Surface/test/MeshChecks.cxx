#include "MeshChecks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <iterator>
#include <numeric>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cumed::surface::test {
namespace {

using Triple = std::array<std::int64_t, 3>;

/// Points bucketed in cubic cells of 8 tolerances, sorted by cell: the points within `tolerance`
/// of a position lie in at most 2 cells per axis.
class PointIndex {
public:
  PointIndex(const MeshArray<float>& points, double tolerance)
      : points_(points), tolerance_(tolerance), cell_(8.0 * tolerance) {
    const std::size_t n = points.size() / 3;
    entries_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const double p[3] = {points[3 * i], points[3 * i + 1], points[3 * i + 2]};
      entries_[i] = {cellOf(p[0]), cellOf(p[1]), cellOf(p[2]), static_cast<std::int64_t>(i)};
    }
    std::sort(entries_.begin(), entries_.end());
  }

  /// Calls f(id) for every point within the tolerance (max norm) of p.
  template <class F> void forEachNear(const double p[3], F&& f) const {
    std::array<std::int64_t, 2> cells[3];
    int counts[3];
    for (int a = 0; a < 3; ++a) {
      cells[a] = {cellOf(p[a] - tolerance_), cellOf(p[a] + tolerance_)};
      counts[a] = cells[a][0] == cells[a][1] ? 1 : 2;
    }
    for (int x = 0; x < counts[0]; ++x)
      for (int y = 0; y < counts[1]; ++y)
        for (int z = 0; z < counts[2]; ++z) {
          const Entry lo{cells[0][x], cells[1][y], cells[2][z], INT64_MIN};
          for (auto it = std::lower_bound(entries_.begin(), entries_.end(), lo);
               it != entries_.end() && it->x == lo.x && it->y == lo.y && it->z == lo.z; ++it) {
            const float* q = &points_[3 * it->id];
            if (std::fabs(q[0] - p[0]) <= tolerance_ && std::fabs(q[1] - p[1]) <= tolerance_ &&
                std::fabs(q[2] - p[2]) <= tolerance_)
              f(it->id);
          }
        }
  }

private:
  struct Entry {
    std::int64_t x, y, z, id;
    bool operator<(const Entry& o) const {
      return std::tie(x, y, z, id) < std::tie(o.x, o.y, o.z, o.id);
    }
  };
  std::int64_t cellOf(double v) const { return static_cast<std::int64_t>(std::floor(v / cell_)); }

  const MeshArray<float>& points_;
  double tolerance_, cell_;
  std::vector<Entry> entries_;
};

struct DisjointSets {
  std::vector<std::int64_t> parent;
  explicit DisjointSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::int64_t find(std::int64_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(std::int64_t a, std::int64_t b) {
    a = find(a), b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

/// Maximum bipartite matching (Kuhn's augmenting paths) over candidate lists; components are
/// tiny (a point and the few reference points within the tolerance), so this is fast.
class Matcher {
public:
  Matcher(const std::vector<std::int64_t>& start, const std::vector<std::int64_t>& candidates,
          std::size_t right)
      : start_(start), candidates_(candidates), matchOfRight_(right, -1), visited_(right, 0) {}

  /// left -> right, -1 where unmatched.
  std::vector<std::int64_t> run() {
    const std::size_t left = start_.size() - 1;
    std::vector<std::int64_t> matchOfLeft(left, -1);
    for (std::size_t u = 0; u < left; ++u) // greedy first: almost every point has one candidate
      for (std::int64_t c = start_[u]; c < start_[u + 1]; ++c)
        if (matchOfRight_[candidates_[c]] < 0) {
          matchOfRight_[candidates_[c]] = static_cast<std::int64_t>(u);
          matchOfLeft[u] = candidates_[c];
          break;
        }
    for (std::size_t u = 0; u < left; ++u)
      if (matchOfLeft[u] < 0) {
        ++stamp_;
        augment(static_cast<std::int64_t>(u));
      }
    std::fill(matchOfLeft.begin(), matchOfLeft.end(), -1);
    for (std::size_t v = 0; v < matchOfRight_.size(); ++v)
      if (matchOfRight_[v] >= 0) matchOfLeft[matchOfRight_[v]] = static_cast<std::int64_t>(v);
    return matchOfLeft;
  }

private:
  bool augment(std::int64_t u) {
    for (std::int64_t c = start_[u]; c < start_[u + 1]; ++c) {
      const std::int64_t v = candidates_[c];
      if (visited_[v] == stamp_) continue;
      visited_[v] = stamp_;
      if (matchOfRight_[v] < 0 || augment(matchOfRight_[v])) {
        matchOfRight_[v] = u;
        return true;
      }
    }
    return false;
  }

  const std::vector<std::int64_t>& start_;
  const std::vector<std::int64_t>& candidates_;
  std::vector<std::int64_t> matchOfRight_;
  std::vector<std::int64_t> visited_;
  std::int64_t stamp_ = 0;
};

/// Triangles as triples of position classes, rotated so the smallest comes first, sorted.
std::vector<Triple> CanonicalTriangles(const MeshArray<std::int64_t>& triangles,
                                       const std::vector<std::int64_t>& classOf) {
  std::vector<Triple> result(triangles.size() / 3);
  for (std::size_t t = 0; t < result.size(); ++t) {
    Triple c{classOf[triangles[3 * t]], classOf[triangles[3 * t + 1]],
             classOf[triangles[3 * t + 2]]};
    const int first = static_cast<int>(std::min_element(c.begin(), c.end()) - c.begin());
    std::rotate(c.begin(), c.begin() + first, c.end());
    result[t] = c;
  }
  std::sort(result.begin(), result.end());
  return result;
}

std::string Position(const MeshArray<float>& points, std::int64_t i) {
  return "(" + std::to_string(points[3 * i]) + ", " + std::to_string(points[3 * i + 1]) + ", " +
         std::to_string(points[3 * i + 2]) + ")";
}

template <class V> bool SameBits(const V& a, const V& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0);
}

template <class V> std::size_t FirstDifference(const V& a, const V& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(a[i])) != 0) return i;
  return n;
}

} // namespace

testing::AssertionResult MatchesReference(const SurfaceMesh& actual, const SurfaceMesh& reference,
                                          const MatchTolerances& tol) {
  const std::int64_t n = actual.numberOfPoints();
  if (n != reference.numberOfPoints() ||
      actual.numberOfTriangles() != reference.numberOfTriangles())
    return testing::AssertionFailure()
           << "counts differ: " << n << " points and " << actual.numberOfTriangles()
           << " triangles, reference " << reference.numberOfPoints() << " points and "
           << reference.numberOfTriangles() << " triangles";

  // Candidate reference points of every actual point, and classes of reference points that lie
  // within the tolerance of each other (coincident points: edges cut exactly at a grid point).
  const PointIndex index(reference.points, tol.position);
  std::vector<std::int64_t> start(n + 1, 0), candidates;
  candidates.reserve(n);
  for (std::int64_t i = 0; i < n; ++i) {
    const double p[3] = {actual.points[3 * i], actual.points[3 * i + 1], actual.points[3 * i + 2]};
    index.forEachNear(p, [&](std::int64_t j) { candidates.push_back(j); });
    start[i + 1] = static_cast<std::int64_t>(candidates.size());
  }
  const std::vector<std::int64_t> match =
      Matcher(start, candidates, static_cast<std::size_t>(n)).run();
  std::int64_t unmatched = 0, firstUnmatched = -1;
  for (std::int64_t i = 0; i < n; ++i)
    if (match[i] < 0 && unmatched++ == 0) firstUnmatched = i;
  if (unmatched > 0)
    return testing::AssertionFailure()
           << unmatched << " of " << n << " points have no reference point within " << tol.position
           << " (first: point " << firstUnmatched << " at "
           << Position(actual.points, firstUnmatched) << ", "
           << (start[firstUnmatched + 1] - start[firstUnmatched]) << " candidates)";

  testing::AssertionResult result = testing::AssertionSuccess();
  if (tol.triangles) {
    DisjointSets sets(static_cast<std::size_t>(n));
    for (std::int64_t j = 0; j < n; ++j) {
      const double p[3] = {reference.points[3 * j], reference.points[3 * j + 1],
                           reference.points[3 * j + 2]};
      index.forEachNear(p, [&](std::int64_t k) { sets.join(j, k); });
    }
    std::vector<std::int64_t> referenceClass(n), actualClass(n);
    for (std::int64_t j = 0; j < n; ++j) referenceClass[j] = sets.find(j);
    for (std::int64_t i = 0; i < n; ++i) actualClass[i] = referenceClass[match[i]];
    const auto a = CanonicalTriangles(actual.triangles, actualClass);
    const auto r = CanonicalTriangles(reference.triangles, referenceClass);
    if (a != r) {
      std::vector<Triple> missing;
      std::set_difference(r.begin(), r.end(), a.begin(), a.end(), std::back_inserter(missing));
      return testing::AssertionFailure()
             << missing.size() << " of " << r.size()
             << " reference triangles (as position triples, orientation kept) are not in the "
                "mesh; first missing: "
             << (missing.empty() ? std::string("-")
                                 : Position(reference.points, missing[0][0]) + " " +
                                       Position(reference.points, missing[0][1]) + " " +
                                       Position(reference.points, missing[0][2]));
    }
  }
  const auto compare = [&](const char* what, const MeshArray<float>& x, const MeshArray<float>& y,
                           int components, double tolerance) -> bool {
    if (x.size() != static_cast<std::size_t>(n) * components ||
        y.size() != static_cast<std::size_t>(n) * components) {
      result = testing::AssertionFailure() << what << ": " << x.size() << " values, reference "
                                           << y.size() << ", expected " << n * components;
      return false;
    }
    double worst = 0.0;
    std::int64_t worstPoint = 0, bad = 0;
    for (std::int64_t i = 0; i < n; ++i)
      for (int c = 0; c < components; ++c) {
        const double d =
            std::fabs(static_cast<double>(x[components * i + c]) - y[components * match[i] + c]);
        if (!(d <= tolerance)) ++bad;
        if (!(d <= worst)) worst = d, worstPoint = i;
      }
    if (bad > 0) {
      result = testing::AssertionFailure()
               << what << ": " << bad << " values differ by more than " << tolerance << " (worst "
               << worst << " at point " << worstPoint << " " << Position(actual.points, worstPoint)
               << ")";
      return false;
    }
    return true;
  };
  if (tol.normals && !reference.normals.empty() &&
      !compare("normals", actual.normals, reference.normals, 3, tol.normal))
    return result;
  if (tol.scalars && !reference.scalars.empty() &&
      !compare("scalars", actual.scalars, reference.scalars, 1, 0.0))
    return result;
  if (tol.attributes) {
    if (actual.attributes.size() != reference.attributes.size())
      return testing::AssertionFailure() << actual.attributes.size() << " attribute arrays, "
                                         << "reference " << reference.attributes.size();
    for (std::size_t a = 0; a < actual.attributes.size(); ++a)
      if (!compare(("attribute " + std::to_string(a)).c_str(), actual.attributes[a],
                   reference.attributes[a], 1, tol.attribute))
        return result;
  }
  return result;
}

testing::AssertionResult IdenticalMeshes(const SurfaceMesh& actual, const SurfaceMesh& expected) {
  const auto differ = [](const char* what, auto& a, auto& b) {
    return testing::AssertionFailure()
           << what << " differ: " << a.size() << " vs " << b.size()
           << " values, first difference at index " << FirstDifference(a, b);
  };
  if (!SameBits(actual.points, expected.points))
    return differ("points", actual.points, expected.points);
  if (!SameBits(actual.triangles, expected.triangles))
    return differ("triangles", actual.triangles, expected.triangles);
  if (!SameBits(actual.normals, expected.normals))
    return differ("normals", actual.normals, expected.normals);
  if (!SameBits(actual.scalars, expected.scalars))
    return differ("scalars", actual.scalars, expected.scalars);
  if (actual.attributes.size() != expected.attributes.size())
    return testing::AssertionFailure()
           << actual.attributes.size() << " attribute arrays vs " << expected.attributes.size();
  for (std::size_t a = 0; a < actual.attributes.size(); ++a)
    if (!SameBits(actual.attributes[a], expected.attributes[a]))
      return differ("attributes", actual.attributes[a], expected.attributes[a]);
  if (actual.pointOffsets != expected.pointOffsets ||
      actual.triangleOffsets != expected.triangleOffsets)
    return testing::AssertionFailure() << "per-value offsets differ";
  return testing::AssertionSuccess();
}

testing::AssertionResult ValidTriangles(const SurfaceMesh& mesh) {
  const std::int64_t points = mesh.numberOfPoints(), triangles = mesh.numberOfTriangles();
  const auto& po = mesh.pointOffsets;
  const auto& to = mesh.triangleOffsets;
  if (po.size() < 2 || po.size() != to.size() || po.front() != 0 || to.front() != 0 ||
      po.back() != points || to.back() != triangles || !std::is_sorted(po.begin(), po.end()) ||
      !std::is_sorted(to.begin(), to.end()))
    return testing::AssertionFailure() << "per-value offsets are inconsistent with " << points
                                       << " points and " << triangles << " triangles";
  for (std::size_t v = 0; v + 1 < to.size(); ++v)
    for (std::int64_t t = to[v]; t < to[v + 1]; ++t) {
      const std::int64_t* id = &mesh.triangles[3 * t];
      for (int c = 0; c < 3; ++c)
        if (id[c] < po[v] || id[c] >= po[v + 1])
          return testing::AssertionFailure()
                 << "triangle " << t << " (value " << v << ") uses point " << id[c] << ", outside ["
                 << po[v] << ", " << po[v + 1] << ")";
      if (id[0] == id[1] || id[1] == id[2] || id[0] == id[2])
        return testing::AssertionFailure() << "triangle " << t << " uses a point twice: " << id[0]
                                           << " " << id[1] << " " << id[2];
    }
  return testing::AssertionSuccess();
}

testing::AssertionResult Watertight(const SurfaceMesh& mesh) {
  std::vector<std::pair<std::int64_t, std::int64_t>> edges;
  edges.reserve(mesh.triangles.size());
  for (std::size_t t = 0; t < mesh.triangles.size(); t += 3)
    for (int c = 0; c < 3; ++c)
      edges.emplace_back(mesh.triangles[t + c], mesh.triangles[t + (c + 1) % 3]);
  std::sort(edges.begin(), edges.end());
  std::int64_t repeated = 0, boundary = 0;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (e > 0 && edges[e] == edges[e - 1]) ++repeated;
    if (!std::binary_search(edges.begin(), edges.end(),
                            std::make_pair(edges[e].second, edges[e].first)))
      ++boundary;
  }
  if (repeated > 0 || boundary > 0)
    return testing::AssertionFailure()
           << edges.size() << " directed edges: " << repeated
           << " used more than once (inconsistent orientation or non-manifold), " << boundary
           << " without their reverse (boundary edges)";
  return testing::AssertionSuccess();
}

namespace {
std::array<double, 3> At(const SurfaceMesh& mesh, std::int64_t id) {
  return {mesh.points[3 * id], mesh.points[3 * id + 1], mesh.points[3 * id + 2]};
}
std::array<double, 3> Cross(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
std::array<double, 3> Minus(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
double Dot(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
} // namespace

double SignedVolume(const SurfaceMesh& mesh) {
  double volume = 0.0;
  for (std::size_t t = 0; t < mesh.triangles.size(); t += 3)
    volume += Dot(At(mesh, mesh.triangles[t]),
                  Cross(At(mesh, mesh.triangles[t + 1]), At(mesh, mesh.triangles[t + 2])));
  return volume / 6.0;
}

double SurfaceArea(const SurfaceMesh& mesh) {
  double area = 0.0;
  for (std::size_t t = 0; t < mesh.triangles.size(); t += 3) {
    const auto a = At(mesh, mesh.triangles[t]);
    const auto n =
        Cross(Minus(At(mesh, mesh.triangles[t + 1]), a), Minus(At(mesh, mesh.triangles[t + 2]), a));
    area += std::sqrt(Dot(n, n));
  }
  return area / 2.0;
}

std::int64_t TrianglesAgainstNormals(const SurfaceMesh& mesh) {
  std::int64_t against = 0;
  for (std::size_t t = 0; t < mesh.triangles.size(); t += 3) {
    const std::int64_t* id = &mesh.triangles[t];
    const auto a = At(mesh, id[0]);
    const auto winding = Cross(Minus(At(mesh, id[1]), a), Minus(At(mesh, id[2]), a));
    std::array<double, 3> sum{0, 0, 0};
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 3; ++k) sum[k] += mesh.normals[3 * id[c] + k];
    if (Dot(winding, sum) < 0) ++against;
  }
  return against;
}

} // namespace cumed::surface::test
