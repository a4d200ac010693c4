#pragma once
// Running one benchmark step in a child process, so that its peak resident memory is its own
// (ru_maxrss from wait4) and nothing it starts (CUDA contexts, OpenMP and ITK thread pools) is
// alive in the parent when the next child is forked.
#include <functional>
#include <string>
#include <vector>

namespace cumed::regbench {

/// What a child reports back through a pipe (a plain struct: the child writes it once).
struct ChildReport {
  bool ok = false;
  bool skipped = false;      ///< the step could not run here (e.g. no usable CUDA device)
  double seconds = -1.0;     ///< the timed part, as the child measured it
  double score = -1.0;       ///< field error RMS or mean TRE (mm)
  double scoreBefore = -1.0; ///< the same measure before registration (identity)
  double deviceMb = -1.0;    ///< peak device memory used, sampled (CUDA runs only)
  char message[480] = {};    ///< the error, the skip reason, or a note
};

struct ChildOutcome {
  ChildReport report;
  double peakRssMb = -1.0;  ///< the child's ru_maxrss
  double wallSeconds = 0.0; ///< fork to exit, as the parent saw it
};

void SetMessage(ChildReport& report, const std::string& text);

/// Runs `work` in a forked child; its return value (or the exception it threw, as the message
/// with ok = false) comes back with the child's peak memory. A child that dies without a report
/// (signal, exit) is a report with ok = false naming the signal or status.
ChildOutcome RunInChild(const std::function<ChildReport()>& work);

struct ProgramOutcome {
  int exitStatus = -1;      ///< the exit code, or -1 when killed by a signal or not started
  std::string failure;      ///< empty on exit code 0, else what happened
  double wallSeconds = 0.0; ///< fork to exit
  double peakRssMb = -1.0;  ///< ru_maxrss of the program (wait4)
};

/// Executes `program` (a path, run as given: no PATH search, the environment inherited unchanged)
/// with `arguments`, standard output and error appended to `logFile`; `extraEnvironment` entries
/// ("NAME=value") are set in the child only. A program still running after `timeoutSeconds`
/// (> 0; 0 = no limit) is killed (SIGKILL) and reported as stopped.
ProgramOutcome RunProgram(const std::string& program, const std::vector<std::string>& arguments,
                          const std::string& logFile,
                          const std::vector<std::string>& extraEnvironment = {},
                          double timeoutSeconds = 0.0);

/// `name` as an executable path: itself when it contains a '/', else the first match on PATH;
/// empty when not found or not executable.
std::string FindExecutable(const std::string& name);

} // namespace cumed::regbench
