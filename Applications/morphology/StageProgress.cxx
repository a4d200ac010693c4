#include "StageProgress.h"

#include <cstdio>

namespace cumed::morphologyapp {
namespace {
constexpr double kQuietSeconds = 1.0;
constexpr double kStep = 0.1;
} // namespace

StageProgress::StageProgress(std::string name) : name_(std::move(name)) {}

void StageProgress::Report(double fraction) {
  const double elapsed = watch_.elapsedSeconds();
  if (elapsed < kQuietSeconds || fraction < lastPrinted_ + kStep || fraction > 0.995) return;
  std::fprintf(stderr, "cumed-morphology: %s %3.0f%% (%.1f s)\n", name_.c_str(), 100.0 * fraction,
               elapsed);
  lastPrinted_ = fraction;
}

double StageProgress::Finish() {
  const double elapsed = watch_.elapsedSeconds();
  if (!finished_ && elapsed >= kQuietSeconds) {
    std::fprintf(stderr, "cumed-morphology: %s done in %.1f s\n", name_.c_str(), elapsed);
  }
  finished_ = true;
  return elapsed;
}

} // namespace cumed::morphologyapp
