#pragma once
// Collective steps every distributed algorithm shares: running a step so that a failure on one
// rank becomes the same clear error on every rank (no rank left waiting in a later collective:
// no hang), and the exclusive scan that numbers points and triangles across ranks.
#include "cumed/core/Error.h"
#include "cumed/parallel/Communicator.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <string>

namespace cumed::parallel {

/// Thrown on every rank when any rank's step failed: "rank R: <that rank's message>" (the lowest
/// failing rank's), so all ranks stop together with the same message.
class RankFailed : public Error {
public:
  RankFailed(int rank, const std::string& message);
  int failedRank() const noexcept { return rank_; }

private:
  int rank_;
};

/// Runs `step` on every rank (each must call this), then agrees on the outcome: when any rank's
/// step threw, every rank throws RankFailed with the lowest failing rank's message.
void RunCollectively(const Communicator& comm, const std::function<void()>& step);

/// Runs `step` on rank 0 only (every rank calls this: checking an output, reading an input, writing
/// a gathered file) and agrees on its outcome: every rank returns when it returned, and every rank
/// throws when it threw. An exception for which `keepKind` is true is thrown on every rank by
/// `throwKept(its message)` (a program's usage error stays one, for its exit status); any other
/// becomes RankFailed(0, its message). `throwKept` must throw.
void RunOnRankZero(const Communicator& comm, const std::function<void()>& step,
                   const std::function<bool(const std::exception&)>& keepKind = {},
                   const std::function<void(const std::string&)>& throwKept = {});

/// Sum of `value` over the ranks before this one (MPI_Exscan; 0 on rank 0), and the total.
struct ScanResult {
  std::int64_t offset = 0;
  std::int64_t total = 0;
};
ScanResult ExclusiveScan(const Communicator& comm, std::int64_t value);

} // namespace cumed::parallel
