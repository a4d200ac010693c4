#pragma once
// The ranks' isosurface pieces joined on rank 0 into the whole welded mesh (for a single
// .vtp/.stl file and for tests that compare with the single-process mesh).
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/surface/SurfaceMesh.h"

namespace cumed::parallel {

/// Every rank calls it with its DistributedIsosurface result; rank 0 gets the whole mesh (points,
/// triangles, normals, scalars and per-value offsets, exactly as ExtractIsosurface lays them
/// out), the other ranks an empty mesh. Throws RankFailed on every rank when an array
/// of the whole mesh exceeds 2^31 - 1 values (MPI counts; write the .pvtp pieces instead) or the
/// ranks' pieces do not carry the same arrays.
surface::SurfaceMesh GatherIsosurface(const Communicator& comm,
                                      const DistributedIsosurfaceResult& result);

} // namespace cumed::parallel
