#pragma once
// A rank's isosurface piece as a mesh of its own, for a file per piece (.pvtp): pieces of a
// distributed isosurface share the points on the planes between slabs (a slab's top triangles use
// the first points of the slab above), so each piece carries copies of the points it borrows,
// fetched from the rank that owns them and flagged as duplicates, as VTK's parallel writers do.
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/SlabPartition.h"

#include <cstdint>

namespace cumed::parallel {

struct StandalonePiece {
  /// Local ids: the piece's own points first (in the whole mesh's order), then the borrowed
  /// copies, value by value; triangles as in the piece. pointOffsets/triangleOffsets: {0, n}.
  surface::SurfaceMesh mesh;
  std::int64_t ownPoints = 0; ///< points [ownPoints, mesh.numberOfPoints()) are borrowed copies
};

/// Every rank calls it with the `slabs` and the result of DistributedIsosurface. Throws
/// RankFailed on every rank when a piece names a point its neighbour does not have (which would
/// mean the pieces do not belong together).
StandalonePiece StandalonePieceOf(const Communicator& comm, const std::vector<Slab>& slabs,
                                  const DistributedIsosurfaceResult& result);

} // namespace cumed::parallel
