#include "cumed/core/MeshDistance.h"

#include "cumed/core/Error.h"
#include "cumed/core/Progress.h"
#include "cumed/core/TriangleGrid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace cumed {
namespace {

using geometry::TriangleGrid;
using geometry::Vector3;

// Points per block of the parallel loop; blocks are summed in order, so the mean does not
// depend on the number of threads.
constexpr std::int64_t kBlock = 4096;

geometry::PointArray PointsOf(const MeshView& mesh) {
  if (mesh.pointsDouble) return mesh.pointsDouble;
  return mesh.points;
}

void Validate(const MeshView& mesh, const char* which) {
  const std::string name = std::string("the ") + which + " mesh";
  if (mesh.numberOfPoints <= 0 || (!mesh.points && !mesh.pointsDouble))
    throw InvalidArgument("ComputeMeshDistance: " + name + " has no points");
  if (mesh.points && mesh.pointsDouble)
    throw InvalidArgument("ComputeMeshDistance: " + name +
                          " has both float and double points; give one of the two");
  const geometry::PointArray points = PointsOf(mesh);
  if (mesh.numberOfTriangles < 0 || (mesh.numberOfTriangles > 0 && !mesh.triangles))
    throw InvalidArgument("ComputeMeshDistance: " + name + " has no triangle array for " +
                          std::to_string(mesh.numberOfTriangles) + " triangles");
  // The first offending point and triangle, named in the message.
  constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
  std::int64_t badPoint = kNone, badTriangle = kNone;
#pragma omp parallel for reduction(min : badPoint)
  for (std::int64_t p = 0; p < mesh.numberOfPoints; ++p) {
    const Vector3 v = points[p];
    if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
      badPoint = std::min(badPoint, p);
  }
#pragma omp parallel for reduction(min : badTriangle)
  for (std::int64_t t = 0; t < 3 * mesh.numberOfTriangles; ++t)
    if (mesh.triangles[t] < 0 || mesh.triangles[t] >= mesh.numberOfPoints)
      badTriangle = std::min(badTriangle, t / 3);
  if (badPoint != kNone)
    throw InvalidArgument("ComputeMeshDistance: point " + std::to_string(badPoint) + " of " + name +
                          " has a coordinate that is not finite");
  if (badTriangle != kNone)
    throw InvalidArgument("ComputeMeshDistance: triangle " + std::to_string(badTriangle) + " of " +
                          name + " refers to a point that does not exist (" +
                          std::to_string(mesh.numberOfPoints) + " points)");
}

struct BlockResult {
  double sum = 0.0;
  std::int64_t count = 0;
  double max = -1.0;
  std::int64_t farthest = -1;
  Vector3 nearest;
};

// Every point of `from` whose `used` entry is set (every point when `used` is empty).
DirectedMeshDistance Directed(const MeshView& from, const TriangleGrid& to,
                              const std::vector<unsigned char>& used, ProgressReporter& progress) {
  const geometry::PointArray points = PointsOf(from);
  const std::int64_t blocks = (from.numberOfPoints + kBlock - 1) / kBlock;
  std::vector<BlockResult> results(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t block = 0; block < blocks; ++block) {
    if (progress.stopRequested()) continue;
    BlockResult r;
    const std::int64_t end = std::min(from.numberOfPoints, (block + 1) * kBlock);
    for (std::int64_t p = block * kBlock; p < end; ++p) {
      if (!used.empty() && !used[static_cast<std::size_t>(p)]) continue;
      const TriangleGrid::Nearest nearest = to.nearest(points[p]);
      const double distance = std::sqrt(nearest.squaredDistance);
      r.sum += distance;
      ++r.count;
      if (distance > r.max) r.max = distance, r.farthest = p, r.nearest = nearest.closest;
    }
    results[static_cast<std::size_t>(block)] = r;
    progress.step();
  }
  progress.throwIfStopped();
  DirectedMeshDistance directed;
  double sum = 0.0, max = -1.0;
  std::int64_t count = 0;
  for (const BlockResult& r : results) {
    sum += r.sum;
    count += r.count;
    if (r.max > max) {
      max = r.max;
      const Vector3 q = points[r.farthest];
      directed.farthestPoint = r.farthest;
      directed.farthest = {q.x, q.y, q.z};
      directed.nearestOther = {r.nearest.x, r.nearest.y, r.nearest.z};
    }
  }
  directed.max = std::max(max, 0.0);
  directed.mean = count > 0 ? sum / static_cast<double>(count) : 0.0;
  return directed;
}

// The points the triangles use: a surface is its triangles, so a point no triangle uses is not
// part of it (and would put a mesh at a distance from itself).
std::vector<unsigned char> UsedPoints(const MeshView& mesh) {
  std::vector<unsigned char> used(static_cast<std::size_t>(mesh.numberOfPoints), 0);
  unsigned char* flags = used.data();
#pragma omp parallel for
  for (std::int64_t t = 0; t < 3 * mesh.numberOfTriangles; ++t) flags[mesh.triangles[t]] = 1;
  return used;
}

} // namespace

MeshView ViewOf(const SurfaceMesh& mesh) {
  return {mesh.points.data(), nullptr, mesh.numberOfPoints(), mesh.triangles.data(),
          mesh.numberOfTriangles()};
}

MeshDistance ComputeMeshDistance(const MeshView& first, const MeshView& second,
                                 const ExecutionOptions& options) {
  Validate(first, "first");
  Validate(second, "second");
  ExecutionScope scope(options, static_cast<std::size_t>(first.numberOfPoints +
                                                         second.numberOfPoints));
  const auto blocksOf = [](const MeshView& mesh) {
    return static_cast<std::size_t>((mesh.numberOfPoints + kBlock - 1) / kBlock);
  };
  ProgressReporter progress(options.progress, blocksOf(first) + blocksOf(second), 0.01,
                            options.cancelRequested);
  MeshDistance result;
  const bool surfaces = first.numberOfTriangles > 0 && second.numberOfTriangles > 0;
  result.method = surfaces ? MeshDistanceMethod::PointToTriangle : MeshDistanceMethod::PointToPoint;
  // One grid at a time: each is as large as its mesh.
  auto gridOf = [&](const MeshView& mesh) {
    return surfaces ? TriangleGrid(PointsOf(mesh), mesh.triangles, mesh.numberOfTriangles)
                    : TriangleGrid(PointsOf(mesh), nullptr, mesh.numberOfPoints);
  };
  const std::vector<unsigned char> all;
  result.firstToSecond =
      Directed(first, gridOf(second), surfaces ? UsedPoints(first) : all, progress);
  result.secondToFirst =
      Directed(second, gridOf(first), surfaces ? UsedPoints(second) : all, progress);
  progress.finish();
  scope.finish(Backend::CPU);
  return result;
}

} // namespace cumed
