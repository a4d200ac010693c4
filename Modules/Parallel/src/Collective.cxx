#include "cumed/parallel/Collective.h"

#include <climits>
#include <exception>

namespace cumed::parallel {

RankFailed::RankFailed(int rank, const std::string& message)
    : Error("rank " + std::to_string(rank) + ": " + message), rank_(rank) {}

void RunCollectively(const Communicator& comm, const std::function<void()>& step) {
  std::string message;
  bool failed = false;
  try {
    step();
  } catch (const std::exception& error) {
    failed = true;
    message = error.what();
  } catch (...) {
    failed = true;
    message = "an unknown exception";
  }
  // Every rank arrives here whatever happened: agree on the lowest failing rank, then hear its
  // message, so every rank stops with the same error.
  const int mine = failed ? comm.rank() : INT_MAX;
  int lowest = INT_MAX;
  CUMED_MPI_CHECK(MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, comm.native()));
  if (lowest == INT_MAX) return;
  int length = comm.rank() == lowest ? int(message.size()) : 0;
  CUMED_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT, lowest, comm.native()));
  message.resize(std::size_t(length));
  CUMED_MPI_CHECK(MPI_Bcast(message.data(), length, MPI_CHAR, lowest, comm.native()));
  throw RankFailed(lowest, message);
}

ScanResult ExclusiveScan(const Communicator& comm, std::int64_t value) {
  ScanResult result;
  CUMED_MPI_CHECK(MPI_Exscan(&value, &result.offset, 1, MPI_INT64_T, MPI_SUM, comm.native()));
  if (comm.rank() == 0) result.offset = 0; // MPI_Exscan leaves rank 0's result undefined
  CUMED_MPI_CHECK(MPI_Allreduce(&value, &result.total, 1, MPI_INT64_T, MPI_SUM, comm.native()));
  return result;
}

} // namespace cumed::parallel
