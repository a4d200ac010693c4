#include "cumed/app/StageProgress.h"

#include "cumed/app/Messages.h"

#include <cstdio>

namespace cumed::app {
namespace {
constexpr double kQuietSeconds = 1.0;
constexpr double kStep = 0.1;
} // namespace

StageProgress::StageProgress(std::string program, std::string name, double silentAbove, bool shown)
    : program_(std::move(program)), name_(std::move(name)), silentAbove_(silentAbove),
      shown_(shown) {}

void StageProgress::Report(double fraction) {
  const double elapsed = watch_.elapsedSeconds();
  if (!shown_ || !InfoShown() || elapsed < kQuietSeconds || fraction < lastPrinted_ + kStep ||
      fraction >= 1.0 || fraction > silentAbove_) {
    return;
  }
  // The time left, assuming the rest goes as fast as what is done: an estimate (ETA).
  const double left = fraction > 0.0 ? elapsed * (1.0 - fraction) / fraction : 0.0;
  std::fprintf(stderr, "%s: %s %3.0f%% (%.1f s, about %.0f s left)\n", program_.c_str(),
               name_.c_str(), 100.0 * fraction, elapsed, left);
  lastPrinted_ = fraction;
}

double StageProgress::Finish() {
  const double elapsed = watch_.elapsedSeconds();
  if (!finished_ && shown_ && elapsed >= kQuietSeconds && InfoShown()) {
    std::fprintf(stderr, "%s: %s done in %.1f s\n", program_.c_str(), name_.c_str(), elapsed);
  }
  finished_ = true;
  return elapsed;
}

} // namespace cumed::app
