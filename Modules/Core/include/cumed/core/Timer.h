#pragma once
// Wall-clock stopwatch for stage timings in applications and benchmarks.
#include <chrono>

namespace cumed {

class Stopwatch {
public:
  Stopwatch() : start_(Clock::now()) {}
  void restart() { start_ = Clock::now(); }
  double elapsedSeconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }
  double elapsedMilliseconds() const { return elapsedSeconds() * 1e3; }

private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
};

} // namespace cumed
