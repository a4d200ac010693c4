// The checks themselves (MeshChecks.h): a reference matching that passes on a renumbered copy
// and fails on each kind of damage, and topology checks that notice a hole and a flipped triangle.
#include "MeshChecks.h"
#include "TestVolumes.h"

#include <gtest/gtest.h>

#include <numeric>
#include <random>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

/// A closed surface (a smooth blob inside the volume) with normals, scalars and an attribute.
SurfaceMesh Blob() {
  cumed::ImageGeometry g;
  g.size = {24, 22, 20};
  Volume<float> v{g, std::vector<float>(g.numberOfPixels())};
  for (std::size_t z = 0; z < 20; ++z)
    for (std::size_t y = 0; y < 22; ++y)
      for (std::size_t x = 0; x < 24; ++x)
        v.data[(z * 22 + y) * 24 + x] = std::sqrt(
            float((x - 11.3) * (x - 11.3) + (y - 10.2) * (y - 10.2) * 1.5 + (z - 9.6) * (z - 9.6)));
  IsosurfaceOptions options;
  options.values = {7.0};
  options.computeNormals = true;
  options.computeScalars = true;
  return Extract(v.view(), options, cumed::Backend::CPU, {v.view()});
}

/// The same mesh with points renumbered at random and triangles rotated.
SurfaceMesh Renumbered(const SurfaceMesh& m) {
  const std::int64_t n = m.numberOfPoints();
  std::vector<std::int64_t> order(n), newId(n);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(3));
  SurfaceMesh r = m;
  for (std::int64_t i = 0; i < n; ++i) {
    newId[order[i]] = i;
    for (int c = 0; c < 3; ++c) {
      r.points[3 * i + c] = m.points[3 * order[i] + c];
      r.normals[3 * i + c] = m.normals[3 * order[i] + c];
    }
    r.scalars[i] = m.scalars[order[i]];
    r.attributes[0][i] = m.attributes[0][order[i]];
  }
  for (std::size_t t = 0; t < m.triangles.size(); t += 3)
    for (int c = 0; c < 3; ++c) r.triangles[t + c] = newId[m.triangles[t + (c + 1) % 3]];
  return r;
}

TEST(MeshChecks, MatchingAcceptsARenumberedCopyAndRejectsDamage) {
  const SurfaceMesh mesh = Blob();
  ASSERT_GT(mesh.numberOfTriangles(), 500);
  MatchTolerances tol;
  const SurfaceMesh reference = Renumbered(mesh);
  EXPECT_TRUE(MatchesReference(mesh, reference, tol));
  EXPECT_FALSE(IdenticalMeshes(mesh, reference));

  SurfaceMesh moved = mesh;
  moved.points[3 * 17 + 1] += 3e-4f;
  EXPECT_FALSE(MatchesReference(moved, reference, tol)) << "a point moved by 3e-4";
  moved.points[3 * 17 + 1] = mesh.points[3 * 17 + 1] + 5e-5f;
  EXPECT_TRUE(MatchesReference(moved, reference, tol)) << "a point moved by 5e-5";

  SurfaceMesh flipped = mesh;
  std::swap(flipped.triangles[30], flipped.triangles[31]);
  EXPECT_FALSE(MatchesReference(flipped, reference, tol)) << "one triangle flipped";
  EXPECT_FALSE(Watertight(flipped));

  SurfaceMesh normal = mesh;
  normal.normals[3 * 5] += 2e-4f;
  EXPECT_FALSE(MatchesReference(normal, reference, tol)) << "a normal off by 2e-4";

  SurfaceMesh scalar = mesh;
  scalar.scalars[9] = 6.0f;
  EXPECT_FALSE(MatchesReference(scalar, reference, tol)) << "a wrong scalar";

  SurfaceMesh attribute = mesh;
  attribute.attributes[0][9] += 1e-3f;
  tol.attribute = 1e-4;
  EXPECT_FALSE(MatchesReference(attribute, reference, tol)) << "an attribute off by 1e-3";

  SurfaceMesh holed = mesh;
  holed.triangles.resize(holed.triangles.size() - 3);
  EXPECT_FALSE(Watertight(holed));
  EXPECT_FALSE(MatchesReference(holed, reference, tol)) << "a triangle missing";
  EXPECT_TRUE(Watertight(mesh));
}

TEST(MeshChecks, CoincidentPointsMatchInAnyPairing) {
  // Two triangles sharing no ids but two positions (as flying edges makes when an edge is cut
  // exactly at a grid point): the pairing of coincident points must not matter.
  SurfaceMesh a;
  a.points = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
  a.triangles = {0, 1, 2, 3, 5, 4};
  SurfaceMesh b;
  b.points = {0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0};
  b.triangles = {3, 4, 5, 1, 2, 0};
  EXPECT_TRUE(MatchesReference(a, b, MatchTolerances{}));
  b.triangles = {3, 4, 5, 1, 0, 2}; // second triangle reversed
  EXPECT_FALSE(MatchesReference(a, b, MatchTolerances{}));
}

} // namespace
