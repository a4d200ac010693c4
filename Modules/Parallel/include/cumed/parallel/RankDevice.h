#pragma once
// One GPU per rank: the ranks of a host take its CUDA devices in turn (local rank % devices), so
// several ranks share a GPU where there are more ranks than GPUs.
#include "cumed/parallel/Communicator.h"

namespace cumed::parallel {

/// The rank's index among the ranks of its host (MPI_COMM_TYPE_SHARED). Collective.
int LocalRank(const Communicator& comm);

/// Makes device `localRank % usable devices` current for this thread and returns its index, or
/// -1 (nothing changed) where no CUDA device is usable. Throws cumed::Error naming the device when
/// cudaSetDevice fails.
int UseDeviceOfLocalRank(int localRank);

} // namespace cumed::parallel
