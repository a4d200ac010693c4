#pragma once
// The isosurface of a volume split in z-slabs over the ranks of a communicator: each rank
// extracts its slab's piece (Surface's ExtractIsosurfaceSlab) after fetching the ghost planes it
// reads from its neighbours (HaloExchange), and numbers it with exclusive scans of the ranks'
// counts, so the pieces in rank order are exactly ExtractIsosurface's mesh of the whole volume:
// the same points in the same id order, the same triangles.
#include "cumed/core/Image.h"
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/HaloExchange.h"
#include "cumed/parallel/SlabPartition.h"
#include "cumed/surface/Isosurface.h"

#include <cstdint>
#include <vector>

namespace cumed::parallel {

/// The planes a rank passes in: its slab with the halo the isosurface reads (two planes above;
/// with normals also one below: surface::SlabHaloOf), clipped to the volume. Allocate this many
/// planes, fill the own slab's (at index slab.begin - extent.all().begin), leave the halo to the
/// call.
HaloExtent IsosurfaceExtentOf(const std::vector<Slab>& slabs, int rank,
                              const surface::IsosurfaceOptions& options);

struct DistributedIsosurfaceResult {
  /// This rank's piece with global point ids: for each value v, its points are the whole mesh's
  /// ids [firstPointIds[v], firstPointIds[v] + piece's points of v) and its triangles the whole
  /// mesh's [firstTriangles[v], ...). piece.pointOffsets/triangleOffsets stay piece-local.
  surface::SurfaceMesh piece;
  std::vector<std::int64_t> firstPointIds;
  std::vector<std::int64_t> firstTriangles;
  std::int64_t totalPoints = 0; ///< of the whole mesh (every rank, every value)
  std::int64_t totalTriangles = 0;
  /// The whole mesh's pointOffsets/triangleOffsets (where each value starts), on every rank.
  std::vector<std::int64_t> wholePointOffsets;
  std::vector<std::int64_t> wholeTriangleOffsets;
  /// Where this rank extracted its piece (options.backend resolved on this rank).
  Backend backendUsed = Backend::CPU;
};

/// Every rank of `comm` calls this with the same `slabs` (one per rank, covering the volume's
/// planes in rank order; empty ones allowed), `whole` (the volume's geometry) and `options`.
/// `planes` holds IsosurfaceExtentOf(...).all() planes of the volume with the rank's own slab
/// filled; its halo planes are overwritten by the exchange (a rank with an empty slab may pass
/// an empty Image). The planes stay in host memory (the halo exchange reads and writes them);
/// each rank extracts its piece on options.backend: Auto takes CUDA where a device is usable,
/// CUDA uploads the planes to the rank's current device (make it the rank's own first, e.g.
/// UseDeviceOfLocalRank; keep numberOfDevices = 1), and the mesh is the same bit for bit.
/// A failure on any rank (a volume geometry or options other than rank 0's, bad partition, wrong
/// plane count or size, pixel type, keepOnDevice, CUDA requested and not usable, extraction
/// error) makes every rank throw RankFailed with the lowest failing rank's message.
DistributedIsosurfaceResult DistributedIsosurface(const Communicator& comm,
                                                  const std::vector<Slab>& slabs, Image& planes,
                                                  const ImageGeometry& whole,
                                                  const surface::IsosurfaceOptions& options);

} // namespace cumed::parallel
