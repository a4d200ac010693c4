#include "cumed/core/Progress.h"

#include "cumed/core/Error.h"

#include <algorithm>

namespace cumed {

ProgressReporter::ProgressReporter(ProgressCallback callback, std::size_t totalSteps,
                                   double granularity, CancelCallback cancel)
    : callback_(std::move(callback)), cancel_(std::move(cancel)),
      total_(std::max<std::size_t>(totalSteps, 1)), granularity_(granularity),
      owner_(std::this_thread::get_id()) {}

void ProgressReporter::step(std::size_t steps) {
  const std::size_t done = done_.fetch_add(steps, std::memory_order_relaxed) + steps;
  if (!onOwnerThread() || stopRequested()) return;
  report(std::min(1.0, static_cast<double>(done) / static_cast<double>(total_)));
}

void ProgressReporter::finish() {
  if (onOwnerThread() && !stopRequested()) report(1.0);
}

void ProgressReporter::report(double fraction) {
  // Only the owner thread gets here, so no lock is needed. A callback that throws (e.g. ITK's
  // ProcessAborted) must not unwind through an OpenMP region: it is kept and rethrown later.
  try {
    if (cancel_ && cancel_()) {
      stopped_ = true;
      return;
    }
    const bool final = fraction >= 1.0 && lastReported_ < 1.0;
    if (!callback_ || (!final && fraction - lastReported_ < granularity_)) return;
    lastReported_ = fraction;
    callback_(fraction);
  } catch (...) {
    failure_ = std::current_exception();
    stopped_ = true;
  }
}

void ProgressReporter::throwIfStopped() const {
  if (!stopRequested()) return;
  if (failure_) std::rethrow_exception(failure_);
  throw Cancelled("cumed: the operation was cancelled");
}

} // namespace cumed
