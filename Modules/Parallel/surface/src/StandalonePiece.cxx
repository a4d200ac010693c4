#include "cumed/parallel/StandalonePiece.h"

#include "cumed/core/Error.h"
#include "cumed/parallel/Collective.h"

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

namespace cumed::parallel {
namespace {

/// The rank owning plane `z` (a non-empty slab), or -1 past the volume.
int OwnerOf(const std::vector<Slab>& slabs, std::int64_t z) {
  for (std::size_t r = 0; r < slabs.size(); ++r) {
    if (!slabs[r].empty() && slabs[r].begin <= z && z < slabs[r].end) return static_cast<int>(r);
  }
  return -1;
}

/// Floats per borrowed point: position, normal and scalar when the mesh has them.
int FloatsPerPoint(const surface::SurfaceMesh& mesh) {
  return 3 + (mesh.normals.empty() ? 0 : 3) + (mesh.scalars.empty() ? 0 : 1);
}

void Wait(std::vector<MPI_Request>& requests) {
  const int code =
      MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  requests.clear();
  CUMED_MPI_CHECK(code);
}

} // namespace

StandalonePiece StandalonePieceOf(const Communicator& comm, const std::vector<Slab>& slabs,
                                  const DistributedIsosurfaceResult& result) {
  const surface::SurfaceMesh& piece = result.piece;
  const std::size_t values = result.firstPointIds.size();
  const int rank = comm.rank();
  const Slab mine = slabs[static_cast<std::size_t>(rank)];
  // Who lends to whom: the owner of the plane above my slab lends me its first points; I lend
  // mine to the rank whose slab ends where mine begins.
  const int lender = mine.empty() ? -1 : OwnerOf(slabs, mine.end);
  int borrower = -1;
  for (std::size_t r = 0; r < slabs.size() && !mine.empty(); ++r) {
    if (!slabs[r].empty() && slabs[r].end == mine.begin) borrower = static_cast<int>(r);
  }
  // How many of each value's first points of the lender my triangles use.
  std::vector<std::int64_t> borrowed(values, 0), lent(values, 0);
  for (std::size_t v = 0; v < values; ++v) {
    const std::int64_t ownEnd =
        result.firstPointIds[v] + piece.pointOffsets[v + 1] - piece.pointOffsets[v];
    for (std::int64_t n = 3 * piece.triangleOffsets[v]; n < 3 * piece.triangleOffsets[v + 1]; ++n) {
      borrowed[v] = std::max(borrowed[v], piece.triangles[n] - ownEnd + 1);
    }
  }
  std::vector<MPI_Request> requests;
  if (borrower >= 0) {
    requests.emplace_back();
    CUMED_MPI_CHECK(MPI_Irecv(lent.data(), static_cast<int>(values), MPI_INT64_T, borrower, 0,
                              comm.native(), &requests.back()));
  }
  if (lender >= 0) {
    requests.emplace_back();
    CUMED_MPI_CHECK(MPI_Isend(borrowed.data(), static_cast<int>(values), MPI_INT64_T, lender, 0,
                              comm.native(), &requests.back()));
  }
  Wait(requests);
  // Normals and scalars are the same options on every rank; an empty piece lends nothing.
  const int floats = FloatsPerPoint(piece);
  std::int64_t borrowedTotal = 0, lentTotal = 0;
  for (std::size_t v = 0; v < values; ++v) {
    borrowedTotal += borrowed[v];
    lentTotal += lent[v];
  }
  RunCollectively(comm, [&] {
    for (std::size_t v = 0; v < values; ++v) {
      const std::int64_t own = piece.pointOffsets[v + 1] - piece.pointOffsets[v];
      if (lent[v] > own) {
        throw InvalidArgument("standalone piece: rank " + std::to_string(borrower) + " uses " +
                              std::to_string(lent[v]) + " points of value " + std::to_string(v) +
                              " from this rank, which has " + std::to_string(own));
      }
    }
    if (static_cast<std::int64_t>(floats) * std::max(borrowedTotal, lentTotal) > INT_MAX) {
      throw InvalidArgument("standalone piece: more than 2^31 - 1 values to lend or borrow");
    }
  });
  std::vector<float> outgoing, incoming(static_cast<std::size_t>(floats * borrowedTotal));
  for (std::size_t v = 0; v < values; ++v) {
    for (std::int64_t p = piece.pointOffsets[v]; p < piece.pointOffsets[v] + lent[v]; ++p) {
      outgoing.insert(outgoing.end(), &piece.points[3 * p], &piece.points[3 * p] + 3);
      if (!piece.normals.empty())
        outgoing.insert(outgoing.end(), &piece.normals[3 * p], &piece.normals[3 * p] + 3);
      if (!piece.scalars.empty()) outgoing.push_back(piece.scalars[p]);
    }
  }
  if (lender >= 0 && borrowedTotal > 0) {
    requests.emplace_back();
    CUMED_MPI_CHECK(MPI_Irecv(incoming.data(), static_cast<int>(incoming.size()), MPI_FLOAT, lender,
                              1, comm.native(), &requests.back()));
  }
  if (borrower >= 0 && lentTotal > 0) {
    requests.emplace_back();
    CUMED_MPI_CHECK(MPI_Isend(outgoing.data(), static_cast<int>(outgoing.size()), MPI_FLOAT,
                              borrower, 1, comm.native(), &requests.back()));
  }
  Wait(requests);

  // My triangles name the lender's points by their rank among its first points of a value. In
  // vtkFlyingEdges3D's numbering that prefix also holds points they skip (the z-edge points of
  // the plane above, between its rows' x/y points), so only the used ones are kept, in order.
  std::vector<std::int64_t> keptIndex(static_cast<std::size_t>(borrowedTotal), -1);
  std::int64_t borrowedBefore = 0;
  for (std::size_t v = 0; v < values; ++v) {
    const std::int64_t first = result.firstPointIds[v];
    const std::int64_t own = piece.pointOffsets[v + 1] - piece.pointOffsets[v];
    for (std::int64_t n = 3 * piece.triangleOffsets[v]; n < 3 * piece.triangleOffsets[v + 1]; ++n) {
      const std::int64_t k = piece.triangles[n] - first;
      if (k >= own) keptIndex[static_cast<std::size_t>(borrowedBefore + (k - own))] = 0;
    }
    borrowedBefore += borrowed[v];
  }
  std::int64_t kept = 0;
  for (auto& index : keptIndex) {
    if (index >= 0) index = kept++;
  }

  StandalonePiece out;
  out.ownPoints = piece.numberOfPoints();
  surface::SurfaceMesh& mesh = out.mesh;
  const std::int64_t points = out.ownPoints + kept;
  mesh.points.resize(3 * points);
  std::copy(piece.points.begin(), piece.points.end(), mesh.points.begin());
  if (!piece.normals.empty()) {
    mesh.normals.resize(3 * points);
    std::copy(piece.normals.begin(), piece.normals.end(), mesh.normals.begin());
  }
  if (!piece.scalars.empty()) {
    mesh.scalars.resize(points);
    std::copy(piece.scalars.begin(), piece.scalars.end(), mesh.scalars.begin());
  }
  for (std::int64_t b = 0; b < borrowedTotal; ++b) {
    if (keptIndex[static_cast<std::size_t>(b)] < 0) continue;
    const float* from = incoming.data() + floats * b;
    const std::int64_t p = out.ownPoints + keptIndex[static_cast<std::size_t>(b)];
    std::copy(from, from + 3, &mesh.points[3 * p]);
    if (!mesh.normals.empty()) std::copy(from + 3, from + 6, &mesh.normals[3 * p]);
    if (!mesh.scalars.empty()) mesh.scalars[p] = from[mesh.normals.empty() ? 3 : 6];
  }
  mesh.triangles.resize(piece.triangles.size());
  borrowedBefore = 0;
  for (std::size_t v = 0; v < values; ++v) {
    const std::int64_t first = result.firstPointIds[v];
    const std::int64_t own = piece.pointOffsets[v + 1] - piece.pointOffsets[v];
    for (std::int64_t n = 3 * piece.triangleOffsets[v]; n < 3 * piece.triangleOffsets[v + 1]; ++n) {
      const std::int64_t k = piece.triangles[n] - first; // the point's rank among value v's
      mesh.triangles[n] =
          k < own ? piece.pointOffsets[v] + k
                  : out.ownPoints + keptIndex[static_cast<std::size_t>(borrowedBefore + (k - own))];
    }
    borrowedBefore += borrowed[v];
  }
  mesh.pointOffsets = {0, points};
  mesh.triangleOffsets = {0, piece.numberOfTriangles()};
  return out;
}

} // namespace cumed::parallel
