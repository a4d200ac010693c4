#pragma once
// Progress of one stage on stderr. Quick stages stay silent; a stage that runs longer than a
// second prints its progress (at most every 10 %, with the time so far and an estimate of the
// time left) and how long it took, each line starting with
// the program's name. Nothing is printed when info messages are off (--quiet, CUMED_LOG_LEVEL).
#include "cumed/core/Timer.h"

#include <string>

namespace cumed::app {

class StageProgress {
public:
  /// Starts timing the stage `name` of `program`. Report() stays silent for fractions above
  /// `silentAbove` and from 1.0 on (the end is Finish()'s line); a value below 1.0 also keeps
  /// back a line that would round to 100 %. `shown` false keeps it silent (MPI programs: only
  /// rank 0 prints; every rank still times the stage).
  StageProgress(std::string program, std::string name, double silentAbove = 1.0, bool shown = true);
  /// `fraction` in [0, 1], from the stage's own progress events.
  void Report(double fraction);
  /// Ends the stage and returns its duration in seconds.
  double Finish();

private:
  std::string program_;
  std::string name_;
  double silentAbove_;
  bool shown_;
  cumed::Stopwatch watch_;
  double lastPrinted_ = -1.0;
  bool finished_ = false;
};

} // namespace cumed::app
