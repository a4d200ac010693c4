#pragma once
// Progress and cancellation for long algorithms. Work runs on OpenMP worker threads, but the
// callbacks run only on the thread that created the reporter (the caller of the algorithm), as
// ITK 5 and VTK expect of their progress observers: workers only count steps and check a flag.
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace cumed {

/// Fraction done in [0, 1].
using ProgressCallback = std::function<void(double fraction)>;
/// True when the caller wants the work stopped.
using CancelCallback = std::function<bool()>;

/// Counts steps of a known total from any number of threads. On the creating thread it calls
/// the progress callback when the fraction has grown by at least `granularity` (and once at the
/// end) and polls the cancel callback. A cancel request, or an exception from either callback,
/// sets a flag the workers read (stopRequested) so they skip the remaining work; the creating
/// thread then calls throwIfStopped() after the parallel loop.
class ProgressReporter {
public:
  ProgressReporter(ProgressCallback callback, std::size_t totalSteps, double granularity = 0.01,
                   CancelCallback cancel = {});
  void step(std::size_t steps = 1);
  /// Reports 1.0 if it was not reported yet (creating thread only).
  void finish();
  /// Any thread: true once a cancel was requested or a callback threw.
  bool stopRequested() const noexcept { return stopped_.load(std::memory_order_relaxed); }
  /// Rethrows the callback's exception, or throws Cancelled after a cancel request.
  void throwIfStopped() const;

private:
  void report(double fraction);
  bool onOwnerThread() const noexcept { return std::this_thread::get_id() == owner_; }

  ProgressCallback callback_;
  CancelCallback cancel_;
  std::size_t total_;
  double granularity_;
  std::thread::id owner_;
  std::atomic<std::size_t> done_{0};
  std::atomic<bool> stopped_{false};
  std::exception_ptr failure_;
  double lastReported_ = -1.0;
};

} // namespace cumed
