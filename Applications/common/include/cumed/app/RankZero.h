#pragma once
// For the MPI programs (they link CuMed::Parallel): a step only rank 0 takes (checking the
// output, reading the input, writing a gathered file) with the outcome agreed by every rank,
// keeping the kind of error: a usage error on rank 0 is a usage error (exit 2) on every rank, any
// other failure a parallel::RankFailed (exit 1). The MPI work is CuMed::Parallel's RunOnRankZero.
#include "cumed/app/UsageError.h"
#include "cumed/parallel/Collective.h"

#include <functional>
#include <string>

namespace cumed::app {

inline void OnRankZero(const parallel::Communicator& comm, const std::function<void()>& step) {
  parallel::RunOnRankZero(comm, step, IsUsageError,
                          [](const std::string& message) { throw UsageError(message); });
}

} // namespace cumed::app
