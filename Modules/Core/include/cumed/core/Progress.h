#pragma once
// Progress hook: long algorithms report a fraction in [0, 1]; ITK adapters forward it to
// ProcessObject::UpdateProgress, applications to a progress line on stderr.
#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>

namespace cumed {

using ProgressCallback = std::function<void(double fraction)>;

/// Counts steps of a known total from any number of threads and calls the callback when the
/// fraction has grown by at least `granularity` (and once at the end), never concurrently.
class ProgressReporter {
public:
  ProgressReporter(ProgressCallback callback, std::size_t totalSteps, double granularity = 0.01);
  void step(std::size_t steps = 1);
  /// Reports 1.0 if it was not reported yet.
  void finish();

private:
  void report(double fraction);

  ProgressCallback callback_;
  std::size_t total_;
  double granularity_;
  std::atomic<std::size_t> done_{0};
  std::mutex mutex_;
  double lastReported_ = -1.0;
};

} // namespace cumed
