#pragma once
// What cumed-mpi-isosurface writes: a .pvtp listing one .vtp piece per rank, or the whole mesh
// gathered to one .vtp/.stl on rank 0. Collective; outputs appear only when complete (the .pvtp
// after every piece), and a failure on any rank removes what the run wrote.
#include "Arguments.h"

#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/SlabPartition.h"

#include <filesystem>
#include <vector>

namespace cumed::mpiisosurfaceapp {

/// Rank 0 checks that the outputs may be written (not an input, --force to replace, no links)
/// and creates the output's directory; every rank throws the same error when it fails (a
/// UsageError stays one, for exit status 2).
void CheckOutputs(const parallel::Communicator& comm, const Arguments& arguments);

void WriteOutputs(const parallel::Communicator& comm, const Arguments& arguments,
                  const std::vector<parallel::Slab>& slabs,
                  const parallel::DistributedIsosurfaceResult& result);

} // namespace cumed::mpiisosurfaceapp
