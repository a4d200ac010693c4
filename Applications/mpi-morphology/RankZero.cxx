#include "RankZero.h"

#include "cumed/app/UsageError.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/RankTools.h"

#include <string>

namespace cumed::mpimorphology {

void OnRankZero(const parallel::Communicator& comm, const std::function<void()>& step) {
  int outcome = 0; // 0 done, 1 failed, 2 usage error
  std::string message;
  if (comm.rank() == 0) {
    try {
      step();
    } catch (const std::exception& error) {
      outcome = app::IsUsageError(error) ? 2 : 1;
      message = error.what();
    }
  }
  CUMED_MPI_CHECK(MPI_Bcast(&outcome, 1, MPI_INT, 0, comm.native()));
  if (outcome == 0) return;
  message = parallel::BroadcastText(comm, message);
  if (outcome == 2) throw app::UsageError(message);
  throw parallel::RankFailed(0, message);
}

} // namespace cumed::mpimorphology
