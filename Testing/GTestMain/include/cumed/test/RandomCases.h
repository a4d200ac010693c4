#pragma once
// Randomized differential testing: seeded cases drawn over a module's whole parameter space and
// compared with an independent reference (ITK, VTK, a brute-force computation, the other backend).
//
//   cumed::test::ForEachRandomCase(200, [&](cumed::test::RandomDraw& draw) {
//     const int radius = draw.integer(0, 4); // 0 included: degenerate cases are drawn too
//     ... EXPECT_... against the reference ...
//   });
//
// Every case has its own 64-bit seed, derived from the run's seed and the case's index. The
// run's seed is CUMED_RANDOM_SEED, else today's date (YYYYMMDD, printed), so CI explores new
// cases every day and a failure is always reproducible. The first failing case stops the loop
// and prints its seed and a one-line reproducer:
//   CUMED_RANDOM_CASE_SEED=0x... <test program> --gtest_filter=Suite.Test
// which runs exactly that case. Budgets: a suite names its CI budget (cases per test);
// CUMED_RANDOM_SCALE multiplies it (the GPU script runs 10x), CUMED_RANDOM_CASES replaces it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace cumed::test {

/// The draws a case makes: uniform values, and sizes and radii biased to their edges (the
/// degenerate 0 and 1, the largest) where bugs live.
class RandomDraw {
public:
  explicit RandomDraw(std::uint64_t seed) : engine_(seed) {}

  /// Uniform in [low, high].
  int integer(int low, int high) { return std::uniform_int_distribution<int>(low, high)(engine_); }
  double real(double low, double high) {
    return std::uniform_real_distribution<double>(low, high)(engine_);
  }
  bool chance(double probability) { return real(0.0, 1.0) < probability; }
  /// In [low, high], but low, low+1 and high each a fifth of the time.
  int edgy(int low, int high) {
    const int pick = integer(0, 9);
    if (pick == 0) return low;
    if (pick == 1) return std::min(low + 1, high);
    if (pick == 2) return high;
    return integer(low, high);
  }
  template <class T> const T& pick(const std::vector<T>& choices) {
    return choices[static_cast<std::size_t>(integer(0, static_cast<int>(choices.size()) - 1))];
  }
  std::mt19937_64& engine() { return engine_; }

private:
  std::mt19937_64 engine_;
};

namespace detail {

inline std::uint64_t EnvironmentNumber(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  return std::strtoull(text, nullptr, 0); // decimal or 0x...
}

/// YYYYMMDD of today (UTC): a new seed every day, the same all day.
inline std::uint64_t TodaysSeed() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  return static_cast<std::uint64_t>((utc.tm_year + 1900) * 10000 + (utc.tm_mon + 1) * 100 +
                                    utc.tm_mday);
}

/// SplitMix64: well-spread case seeds from (run seed, index).
inline std::uint64_t CaseSeed(std::uint64_t runSeed, std::uint64_t index) {
  std::uint64_t z = runSeed + 0x9E3779B97F4A7C15ull * (index + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

inline std::string CurrentTestFilter() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return info ? std::string(info->test_suite_name()) + "." + info->name() : std::string("*");
}

} // namespace detail

/// The run's seed (CUMED_RANDOM_SEED, else today's date).
inline std::uint64_t RandomRunSeed() {
  return detail::EnvironmentNumber("CUMED_RANDOM_SEED", detail::TodaysSeed());
}

/// The number of cases a suite with CI budget `ciCases` runs now.
inline int RandomCaseCount(int ciCases) {
  const std::uint64_t replaced = detail::EnvironmentNumber("CUMED_RANDOM_CASES", 0);
  if (replaced) return static_cast<int>(replaced);
  const std::uint64_t scale = detail::EnvironmentNumber("CUMED_RANDOM_SCALE", 1);
  return static_cast<int>(std::max<std::uint64_t>(1, ciCases * scale));
}

/// Runs body(draw) for each random case; stops at the first case that fails and prints its
/// seed and reproducer. Returns the number of cases run.
inline int ForEachRandomCase(int ciCases, const std::function<void(RandomDraw&)>& body) {
  const std::uint64_t only = detail::EnvironmentNumber("CUMED_RANDOM_CASE_SEED", 0);
  const std::uint64_t runSeed = RandomRunSeed();
  const int cases = only ? 1 : RandomCaseCount(ciCases);
  std::printf("[ random   ] %s: %d case%s, run seed %" PRIu64 "%s\n",
              detail::CurrentTestFilter().c_str(), cases, cases == 1 ? "" : "s", runSeed,
              only ? " (one case by CUMED_RANDOM_CASE_SEED)" : "");
  for (int index = 0; index < cases; ++index) {
    const std::uint64_t seed = only ? only : detail::CaseSeed(runSeed, std::uint64_t(index));
    const bool failedBefore = ::testing::Test::HasFailure();
    {
      SCOPED_TRACE(::testing::Message() << "random case seed 0x" << std::hex << seed);
      RandomDraw draw(seed);
      body(draw);
    }
    if (!failedBefore && ::testing::Test::HasFailure()) {
      std::printf("[ random   ] case %d of %d failed, seed 0x%016" PRIx64 " (run seed %" PRIu64
                  "); reproduce: CUMED_RANDOM_CASE_SEED=0x%016" PRIx64 " %s --gtest_filter=%s\n",
                  index, cases, seed, runSeed, seed,
                  ::testing::internal::GetArgvs().empty()
                      ? "<test program>"
                      : ::testing::internal::GetArgvs()[0].c_str(),
                  detail::CurrentTestFilter().c_str());
      return index + 1;
    }
  }
  return cases;
}

} // namespace cumed::test
