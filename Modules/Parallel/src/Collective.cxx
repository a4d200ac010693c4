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

void RunOnRankZero(const Communicator& comm, const std::function<void()>& step,
                   const std::function<bool(const std::exception&)>& keepKind,
                   const std::function<void(const std::string&)>& throwKept) {
  int outcome = 0; // 0 done, 1 failed, 2 failed with an error of the kept kind
  std::string message;
  if (comm.rank() == 0) {
    try {
      step();
    } catch (const std::exception& error) {
      outcome = keepKind && throwKept && keepKind(error) ? 2 : 1;
      message = error.what();
    } catch (...) {
      outcome = 1;
      message = "an unknown exception";
    }
  }
  CUMED_MPI_CHECK(MPI_Bcast(&outcome, 1, MPI_INT, 0, comm.native()));
  if (outcome == 0) return;
  int length = static_cast<int>(message.size());
  CUMED_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT, 0, comm.native()));
  message.resize(static_cast<std::size_t>(length));
  CUMED_MPI_CHECK(MPI_Bcast(message.data(), length, MPI_CHAR, 0, comm.native()));
  if (outcome == 2) throwKept(message);
  throw RankFailed(0, message);
}

ScanResult ExclusiveScan(const Communicator& comm, std::int64_t value) {
  ScanResult result;
  CUMED_MPI_CHECK(MPI_Exscan(&value, &result.offset, 1, MPI_INT64_T, MPI_SUM, comm.native()));
  if (comm.rank() == 0) result.offset = 0; // MPI_Exscan leaves rank 0's result undefined
  CUMED_MPI_CHECK(MPI_Allreduce(&value, &result.total, 1, MPI_INT64_T, MPI_SUM, comm.native()));
  return result;
}

} // namespace cumed::parallel
