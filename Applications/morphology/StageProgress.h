#pragma once
// Progress of one stage on stderr. Quick stages stay silent; a stage that runs longer than a
// second prints its progress (at most every 10 %) and how long it took. (The same behaviour as
// cumed-ct-surface's StageProgress, with this program's name.)
#include "cumed/core/Timer.h"

#include <string>

namespace cumed::morphologyapp {

class StageProgress {
public:
  explicit StageProgress(std::string name);
  /// `fraction` in [0, 1], from the stage's own progress events.
  void Report(double fraction);
  /// Ends the stage and returns its duration in seconds.
  double Finish();

private:
  std::string name_;
  cumed::Stopwatch watch_;
  double lastPrinted_ = -1.0;
  bool finished_ = false;
};

} // namespace cumed::morphologyapp
