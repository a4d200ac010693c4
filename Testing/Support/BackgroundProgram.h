#pragma once
// Test support: a built program started in the background, so that a test can interrupt it at a
// known stage or run several at once (the output-safety tests).
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cumed::apptest {

struct Ending {
  int exitCode = -1; ///< -1 when it was ended by a signal
  int signal = 0;    ///< the signal that ended it, 0 when it exited
  std::string out;
  std::string err;
};

class BackgroundProgram {
public:
  /// Starts `program` with `arguments` in `workingDirectory`, with `environment` added to this
  /// process's; stdout and stderr go to `<tag>.stdout/.stderr` in `captureDirectory`.
  BackgroundProgram(const std::string& program, const std::vector<std::string>& arguments,
                    const std::filesystem::path& workingDirectory,
                    const std::filesystem::path& captureDirectory, const std::string& tag,
                    const std::vector<std::pair<std::string, std::string>>& environment = {});
  /// Kills (SIGKILL) and reaps the program if it still runs.
  ~BackgroundProgram();
  BackgroundProgram(const BackgroundProgram&) = delete;
  BackgroundProgram& operator=(const BackgroundProgram&) = delete;

  /// Its process id (also after it ended).
  pid_t pid() const { return started_; }
  /// Waits up to `seconds` for `text` to appear on its stderr; false when it did not (or the
  /// program ended first).
  bool WaitForStderr(const std::string& text, double seconds);
  void Signal(int signal);
  /// Waits for the end; the captured output files are removed.
  Ending Wait();

private:
  pid_t pid_ = -1; ///< -1 once reaped
  pid_t started_ = -1;
  std::filesystem::path out_, err_;
};

} // namespace cumed::apptest
