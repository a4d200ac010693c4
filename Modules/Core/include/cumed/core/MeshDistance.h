#pragma once
// The symmetric Hausdorff distance between two triangle meshes, exact: from every corner of each
// mesh's triangles to the nearest point of the other mesh's triangles (interiors, edges and
// corners; a triangle without area counts as its edges; points no triangle uses are not part of
// the surface), or from every point to the other mesh's points when either mesh has no triangles.
// It says where the largest distance is, and the mean of each direction. Plain arrays in, OpenMP
// over the query points, a uniform grid (TriangleGrid) for the nearest search.
#include "cumed/core/Execution.h"
#include "cumed/core/Mesh.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace cumed {

/// A mesh as plain arrays, not owned: x,y,z per point, three point ids per triangle.
struct MeshView {
  const float* points = nullptr;        ///< the points as floats (CuMed's meshes)...
  const double* pointsDouble = nullptr; ///< ...or as doubles: exactly one of the two is set
  std::int64_t numberOfPoints = 0;
  const std::int64_t* triangles = nullptr;
  std::int64_t numberOfTriangles = 0;
};

/// The points and triangles of a host mesh.
MeshView ViewOf(const SurfaceMesh& mesh);

enum class MeshDistanceMethod {
  PointToTriangle, ///< both meshes have triangles
  PointToPoint     ///< a mesh has none: nearest points only
};

/// One direction: from every point of one mesh to the other mesh.
struct DirectedMeshDistance {
  double max = 0.0;                     ///< the largest distance of a point
  double mean = 0.0;                    ///< over all the points
  std::int64_t farthestPoint = -1;      ///< the point at `max` (the lowest id among ties)
  std::array<double, 3> farthest{};     ///< its coordinates
  std::array<double, 3> nearestOther{}; ///< the point of the other mesh closest to it
};

struct MeshDistance {
  MeshDistanceMethod method = MeshDistanceMethod::PointToTriangle;
  DirectedMeshDistance firstToSecond; ///< from the first mesh's points to the second mesh
  DirectedMeshDistance secondToFirst;
  double hausdorff() const { return std::max(firstToSecond.max, secondToFirst.max); }
  /// Which direction holds the largest distance (the first to the second on a tie).
  bool largestIsFirstToSecond() const { return firstToSecond.max >= secondToFirst.max; }
};

/// Throws InvalidArgument (naming the mesh, first or second, and the point or triangle) when a
/// mesh has no points (or both point arrays), a coordinate is not finite, or a triangle refers
/// to a missing point. `options`: CPU threads, progress over both directions' points (on the
/// calling thread), cancellation (Cancelled) and the report; the backend is the CPU's.
MeshDistance ComputeMeshDistance(const MeshView& first, const MeshView& second,
                                 const ExecutionOptions& options = {});

} // namespace cumed
