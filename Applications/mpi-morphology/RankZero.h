#pragma once
// Steps only rank 0 takes (checking the output, reading the input, writing a gathered file) with
// the outcome agreed by every rank, keeping the kind of error: a usage error on rank 0 is a
// usage error (exit 2) on every rank, any other failure a RankFailed (exit 1).
#include "cumed/parallel/Communicator.h"

#include <functional>

namespace cumed::mpimorphology {

void OnRankZero(const parallel::Communicator& comm, const std::function<void()>& step);

} // namespace cumed::mpimorphology
