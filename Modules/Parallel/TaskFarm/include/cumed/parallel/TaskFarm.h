#pragma once
// A dynamic task farm: rank 0 hands out tasks one at a time to the ranks as they finish, so fast
// and slow tasks balance themselves (series of 50 and of 2000 slices, a GPU rank and a CPU rank).
// With one rank, rank 0 runs every task itself; with more, rank 0 only hands out and collects
// (it stays free to answer at once), and ranks 1..N-1 run the tasks.
#include "cumed/parallel/Communicator.h"

#include <functional>
#include <string>
#include <vector>

namespace cumed::parallel {

/// What became of one task.
struct TaskOutcome {
  int rank = -1;        ///< the rank that ran it
  bool ok = false;      ///< false: the task threw
  std::string text;     ///< what the task returned, or the message of what it threw
  double seconds = 0.0; ///< wall time of the task on its rank
};

/// A task: gets the task's description and returns its result, both as text (sent between ranks
/// as bytes). Whatever it throws is caught, per task, and becomes a failed outcome carrying the
/// exception's what() ("unknown exception" for a non-std one): the next task still runs.
using TaskFunction = std::function<std::string(const std::string& task)>;

/// Runs `tasks` (only rank 0's vector counts; the others may pass an empty one) over the ranks of
/// `comm`; every rank must call it. Returns on rank 0 one outcome per task, in the order of
/// `tasks`; on the other ranks an empty vector. MPI errors throw cumed::Error naming the call.
///
/// A rank that dies (crash, kill, exit without MPI_Finalize) is not survived: OpenMPI's mpirun
/// then aborts the whole job (every rank is killed and mpirun exits non-zero), so the farm never
/// waits forever on a dead rank; the report of that run is not written.
std::vector<TaskOutcome> RunTaskFarm(const Communicator& comm,
                                     const std::vector<std::string>& tasks,
                                     const TaskFunction& run);

} // namespace cumed::parallel
