#include "cumed/core/Progress.h"

#include <algorithm>

namespace cumed {

ProgressReporter::ProgressReporter(ProgressCallback callback, std::size_t totalSteps,
                                   double granularity)
    : callback_(std::move(callback)), total_(std::max<std::size_t>(totalSteps, 1)),
      granularity_(granularity) {}

void ProgressReporter::step(std::size_t steps) {
  const std::size_t done = done_.fetch_add(steps) + steps;
  report(std::min(1.0, static_cast<double>(done) / static_cast<double>(total_)));
}

void ProgressReporter::finish() {
  report(1.0);
}

void ProgressReporter::report(double fraction) {
  if (!callback_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  // Progress only moves forward; a thread that arrives late with an older fraction is ignored.
  const bool final = fraction >= 1.0 && lastReported_ < 1.0;
  if (!final && fraction - lastReported_ < granularity_) return;
  lastReported_ = fraction;
  callback_(fraction);
}

} // namespace cumed
