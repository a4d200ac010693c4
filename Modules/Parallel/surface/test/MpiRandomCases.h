#pragma once
// The seeded random-case harness (cumed/test/RandomCases.h) under mpiexec. Every rank must draw
// the same cases and stop at the same one, or the ranks would enter different collectives and
// hang until CTest's timeout:
//  - the run's settings are rank 0's: its seed (today's date may change between two ranks' first
//    draws at midnight; remote ranks may have another environment), case count and
//    CUMED_RANDOM_CASE_SEED are given to every rank for the loop, then the environment restored;
//  - after each case the ranks agree on its verdict: when any rank failed, every rank fails the
//    case, and rank 0 (the only rank MpiGTestMain prints for) reports the lowest failing rank's
//    first failure, so every rank stops at the same case;
//  - only rank 0 prints the harness's lines; the reproducer needs the same number of ranks.
// The body must call the same collectives on every rank: run them first, assert afterwards in
// functions of their own (an ASSERT returns from its function only).
#include "cumed/parallel/Communicator.h"
#include "cumed/test/RandomCases.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>

namespace cumed::parallel::test {

namespace detail {

/// The number of failed assertions of the running test on this rank.
inline int FailedParts() {
  const ::testing::TestResult* result =
      ::testing::UnitTest::GetInstance()->current_test_info()->result();
  int failed = 0;
  for (int i = 0; i < result->total_part_count(); ++i)
    failed += result->GetTestPartResult(i).failed() ? 1 : 0;
  return failed;
}

/// The message of the running test's failed assertion number `from` (0: the first).
inline std::string FailureMessage(int from) {
  const ::testing::TestResult* result =
      ::testing::UnitTest::GetInstance()->current_test_info()->result();
  int failed = 0;
  for (int i = 0; i < result->total_part_count(); ++i) {
    const ::testing::TestPartResult& part = result->GetTestPartResult(i);
    if (!part.failed() || failed++ < from) continue;
    return std::string(part.file_name() ? part.file_name() : "?") + ":" +
           std::to_string(part.line_number()) + ": " + part.message();
  }
  return "(no message)";
}

/// Every rank fails the case when one did (those that failed already keep their own messages).
inline void AgreeOnVerdict(const Communicator& world, int failedBefore) {
  const bool failed = FailedParts() > failedBefore;
  const int mine = failed ? world.rank() : world.size();
  int lowest = world.size();
  CUMED_MPI_CHECK(MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, world.native()));
  if (lowest == world.size()) return;
  std::string message = world.rank() == lowest ? FailureMessage(failedBefore) : std::string();
  int length = static_cast<int>(message.size());
  CUMED_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT, lowest, world.native()));
  message.resize(static_cast<std::size_t>(length));
  CUMED_MPI_CHECK(MPI_Bcast(message.data(), length, MPI_CHAR, lowest, world.native()));
  if (!failed) ADD_FAILURE() << "rank " << lowest << " failed this case: " << message;
}

/// Sets an environment variable for a scope, restoring the previous value (or its absence).
class ScopedEnvironment {
public:
  ScopedEnvironment(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnvironment() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
  const char* name_;
  std::optional<std::string> old_;
};

/// Standard output sent to /dev/null for a scope (on the ranks other than 0).
class ScopedSilence {
public:
  explicit ScopedSilence(bool silence) {
    if (!silence) return;
    std::fflush(stdout);
    saved_ = dup(STDOUT_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    if (saved_ >= 0 && null >= 0) dup2(null, STDOUT_FILENO);
    if (null >= 0) close(null);
  }
  ~ScopedSilence() {
    if (saved_ < 0) return;
    std::fflush(stdout);
    dup2(saved_, STDOUT_FILENO);
    close(saved_);
  }
  ScopedSilence(const ScopedSilence&) = delete;
  ScopedSilence& operator=(const ScopedSilence&) = delete;

private:
  int saved_ = -1;
};

} // namespace detail

/// cumed::test::ForEachRandomCase on every rank of `world` alike (see the top of this file).
inline int ForEachRandomCaseOnEveryRank(const Communicator& world, int ciCases,
                                        const std::function<void(cumed::test::RandomDraw&)>& body) {
  std::uint64_t settings[3] = {cumed::test::RandomRunSeed(),
                               static_cast<std::uint64_t>(cumed::test::RandomCaseCount(ciCases)),
                               cumed::test::detail::EnvironmentNumber("CUMED_RANDOM_CASE_SEED", 0)};
  CUMED_MPI_CHECK(MPI_Bcast(settings, 3, MPI_UINT64_T, 0, world.native()));
  const detail::ScopedEnvironment seed("CUMED_RANDOM_SEED", std::to_string(settings[0]));
  const detail::ScopedEnvironment cases("CUMED_RANDOM_CASES", std::to_string(settings[1]));
  // 0: no single case (the harness reads 0 as unset).
  const detail::ScopedEnvironment only("CUMED_RANDOM_CASE_SEED", std::to_string(settings[2]));
  const int failedBefore = detail::FailedParts();
  int run = 0;
  {
    const detail::ScopedSilence quiet(world.rank() != 0);
    run = cumed::test::ForEachRandomCase(static_cast<int>(settings[1]),
                                         [&](cumed::test::RandomDraw& draw) {
                                           const int before = detail::FailedParts();
                                           body(draw);
                                           detail::AgreeOnVerdict(world, before);
                                         });
  }
  if (world.rank() == 0 && detail::FailedParts() > failedBefore)
    std::printf("[ random   ] under MPI: run the reproducer with mpiexec -n %d (the same ranks)\n",
                world.size());
  return run;
}

} // namespace cumed::parallel::test
