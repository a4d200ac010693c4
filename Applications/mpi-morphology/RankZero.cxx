#include "RankZero.h"

#include "cumed/app/RankZero.h"

namespace cumed::mpimorphology {

void OnRankZero(const parallel::Communicator& comm, const std::function<void()>& step) {
  app::OnRankZero(comm, step);
}

} // namespace cumed::mpimorphology
