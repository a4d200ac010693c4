#pragma once
// The whole batch on the ranks of a communicator: discovery and checks on rank 0, the series
// handed out by the task farm, the report written last by rank 0.
#include "Arguments.h"

#include "cumed/parallel/Communicator.h"

#include <string>

namespace cumed::batch {

/// Exit status when at least one series failed (the others were processed and reported).
inline constexpr int kSeriesFailed = 3;

struct BatchOutcome {
  int exitStatus = 0;  ///< 0 or kSeriesFailed, the same on every rank
  std::string summary; ///< rank 0: the line (or JSON with --json) for stdout; else empty
};

/// Runs the batch; every rank of `comm` must call it with the same arguments. Failures of the
/// whole run (INPUT_DIR not a directory, OUT not empty or inside the input, CUDA asked for and
/// not usable on some rank, the report not writable) throw parallel::RankFailed on every rank
/// with the failing rank's message. A series that fails is a report row, not an exception.
BatchOutcome RunBatch(const parallel::Communicator& comm, const Arguments& arguments);

} // namespace cumed::batch
