#pragma once
// Checks on triangle meshes shared by the isosurface tests: matching against a reference mesh
// whose points are numbered differently (VTK), bitwise identity (CPU vs CUDA, slabs), topology
// (watertight, consistent orientation), and the enclosed volume and area.
#include "cumed/surface/SurfaceMesh.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace cumed::surface::test {

struct MatchTolerances {
  double position = 1e-4; ///< world units: 1e-4 voxel * the smallest spacing
  double normal = 1e-4;   ///< per component
  double attribute = 0.0; ///< absolute; VTK interpolates attributes with a float difference
  bool normals = true;    ///< compare normals (when the reference has them)
  bool scalars = true;
  bool attributes = true;
  bool triangles = true;
};

/// `actual` and `reference` describe the same surface with points in any order: same numbers of
/// points and triangles; a one-to-one matching of points within the position tolerance (a
/// bipartite matching over all candidates, so coincident points and near-ties cannot make it
/// fail); the same triangles as triples of positions (rotated to a canonical start, orientation
/// kept; coincident points are one position); and, through the matching, normals, scalars and
/// attributes within their tolerances.
testing::AssertionResult MatchesReference(const SurfaceMesh& actual, const SurfaceMesh& reference,
                                          const MatchTolerances& tolerances);

/// Every array bitwise equal, in the same order (points, triangles, normals, scalars,
/// attributes, per-value offsets).
testing::AssertionResult IdenticalMeshes(const SurfaceMesh& actual, const SurfaceMesh& expected);

/// Offsets consistent (one per value plus one, ascending, ending at the totals), every id in
/// range, no triangle using a point twice, and every triangle of value v using points of value v.
testing::AssertionResult ValidTriangles(const SurfaceMesh& mesh);

/// Closed and consistently oriented: every directed edge is used once and its reverse once (so
/// every undirected edge by exactly two triangles, in opposite directions).
testing::AssertionResult Watertight(const SurfaceMesh& mesh);

/// Signed volume by the divergence theorem (positive when triangles wind counter-clockwise seen
/// from outside).
double SignedVolume(const SurfaceMesh& mesh);
double SurfaceArea(const SurfaceMesh& mesh);

/// Triangles whose winding normal points against the sum of their three point normals.
std::int64_t TrianglesAgainstNormals(const SurfaceMesh& mesh);

} // namespace cumed::surface::test
