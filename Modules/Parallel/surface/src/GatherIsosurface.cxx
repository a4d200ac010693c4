#include "cumed/parallel/GatherIsosurface.h"

#include "cumed/core/Error.h"
#include "cumed/parallel/Collective.h"

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

namespace cumed::parallel {
namespace {

/// Per value: every rank's point and triangle counts, on rank 0.
struct PieceCounts {
  std::vector<std::int64_t> points, triangles; ///< [rank]
};

/// Gathers `components` values per element of value v's range of each rank's piece into the
/// whole array on rank 0, at the whole mesh's index of the rank's first element.
template <class T>
void GatherValueRange(const Communicator& comm, MPI_Datatype type, const T* mine,
                      std::int64_t myCount, const std::vector<std::int64_t>& counts,
                      std::int64_t wholeStart, int components, T* whole) {
  std::vector<int> sizes, displacements;
  if (comm.rank() == 0) {
    std::int64_t at = wholeStart;
    for (const std::int64_t count : counts) {
      sizes.push_back(static_cast<int>(count * components));
      displacements.push_back(static_cast<int>(at * components));
      at += count;
    }
  }
  CUMED_MPI_CHECK(MPI_Gatherv(mine, static_cast<int>(myCount * components), type, whole,
                              sizes.data(), displacements.data(), type, 0, comm.native()));
}

} // namespace

surface::SurfaceMesh GatherIsosurface(const Communicator& comm,
                                      const DistributedIsosurfaceResult& result) {
  const surface::SurfaceMesh& piece = result.piece;
  const std::size_t values = result.firstPointIds.size();
  // Which arrays the pieces carry: the same options on every rank give the same answer, but an
  // empty piece cannot tell, so any rank's answer counts.
  int carried[2] = {!piece.normals.empty(), !piece.scalars.empty()};
  int anyCarried[2] = {0, 0};
  CUMED_MPI_CHECK(MPI_Allreduce(carried, anyCarried, 2, MPI_INT, MPI_MAX, comm.native()));
  RunCollectively(comm, [&] {
    if (3 * result.totalPoints > INT_MAX || 3 * result.totalTriangles > INT_MAX) {
      throw InvalidArgument("gather isosurface: the whole mesh has " +
                            std::to_string(result.totalPoints) + " points and " +
                            std::to_string(result.totalTriangles) +
                            " triangles; MPI gathers at most 2^31 - 1 values per array (write "
                            "one piece per rank instead)");
    }
    const std::int64_t points = piece.numberOfPoints();
    const bool missing = (anyCarried[0] && piece.normals.size() != std::size_t(3 * points)) ||
                         (anyCarried[1] && piece.scalars.size() != std::size_t(points));
    if (points > 0 && missing) {
      throw InvalidArgument("gather isosurface: this rank's piece lacks normals or scalars that "
                            "other ranks' pieces carry");
    }
  });
  std::vector<PieceCounts> counts(values);
  for (std::size_t v = 0; v < values; ++v) {
    const std::int64_t mine[2] = {piece.pointOffsets[v + 1] - piece.pointOffsets[v],
                                  piece.triangleOffsets[v + 1] - piece.triangleOffsets[v]};
    std::vector<std::int64_t> all(comm.rank() == 0 ? 2 * comm.size() : 0);
    CUMED_MPI_CHECK(MPI_Gather(mine, 2, MPI_INT64_T, all.data(), 2, MPI_INT64_T, 0, comm.native()));
    for (std::size_t r = 0; 2 * r < all.size(); ++r) {
      counts[v].points.push_back(all[2 * r]);
      counts[v].triangles.push_back(all[2 * r + 1]);
    }
  }
  surface::SurfaceMesh whole;
  if (comm.rank() == 0) {
    const auto points = static_cast<std::size_t>(result.totalPoints);
    whole.points.resize(3 * points);
    whole.triangles.resize(3 * static_cast<std::size_t>(result.totalTriangles));
    whole.normals.resize(anyCarried[0] ? 3 * points : 0);
    whole.scalars.resize(anyCarried[1] ? points : 0);
    whole.pointOffsets = result.wholePointOffsets;
    whole.triangleOffsets = result.wholeTriangleOffsets;
  }
  for (std::size_t v = 0; v < values; ++v) {
    const std::int64_t p0 = piece.pointOffsets[v], t0 = piece.triangleOffsets[v];
    const std::int64_t myPoints = piece.pointOffsets[v + 1] - p0;
    const std::int64_t myTriangles = piece.triangleOffsets[v + 1] - t0;
    const std::int64_t wholePoints = result.wholePointOffsets[v];
    auto perPoint = [&](const surface::MeshArray<float>& mine, surface::MeshArray<float>& all,
                        int components) {
      GatherValueRange(comm, MPI_FLOAT, mine.empty() ? nullptr : mine.data() + components * p0,
                       myPoints, counts[v].points, wholePoints, components, all.data());
    };
    perPoint(piece.points, whole.points, 3);
    if (anyCarried[0]) perPoint(piece.normals, whole.normals, 3);
    if (anyCarried[1]) perPoint(piece.scalars, whole.scalars, 1);
    GatherValueRange(comm, MPI_INT64_T,
                     piece.triangles.empty() ? nullptr : piece.triangles.data() + 3 * t0,
                     myTriangles, counts[v].triangles, result.wholeTriangleOffsets[v], 3,
                     whole.triangles.data());
  }
  return whole;
}

} // namespace cumed::parallel
