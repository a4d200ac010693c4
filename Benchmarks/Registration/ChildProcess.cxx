#include "ChildProcess.h"

#include "cumed/core/Timer.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cumed::regbench {

namespace {

std::string DescribeStatus(int status) {
  if (WIFSIGNALED(status))
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "exit code " + std::to_string(WEXITSTATUS(status));
}

// wait4 for `pid`, retrying on EINTR; returns the status, fills `usage`.
int WaitFor(pid_t pid, rusage& usage) {
  int status = 0;
  while (wait4(pid, &status, 0, &usage) < 0)
    if (errno != EINTR) throw std::runtime_error(std::string("wait4: ") + std::strerror(errno));
  return status;
}

// As WaitFor, but kills the child (SIGKILL) once `timeoutSeconds` (> 0) have passed since `watch`
// started; `timedOut` says whether it did.
int WaitFor(pid_t pid, rusage& usage, const Stopwatch& watch, double timeoutSeconds,
            bool& timedOut) {
  timedOut = false;
  for (;;) {
    int status = 0;
    const pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR)
      throw std::runtime_error(std::string("wait4: ") + std::strerror(errno));
    if (timeoutSeconds > 0 && watch.elapsedSeconds() > timeoutSeconds) {
      kill(pid, SIGKILL);
      timedOut = true;
      return WaitFor(pid, usage);
    }
    usleep(20000);
  }
}

} // namespace

void SetMessage(ChildReport& report, const std::string& text) {
  std::snprintf(report.message, sizeof report.message, "%s", text.c_str());
}

ChildOutcome RunInChild(const std::function<ChildReport()>& work) {
  ChildOutcome outcome;
  int fds[2];
  if (pipe(fds) != 0) {
    SetMessage(outcome.report, std::string("pipe: ") + std::strerror(errno));
    return outcome;
  }
  std::fflush(nullptr); // the child must not write the parent's buffered output again
  const Stopwatch watch;
  const pid_t pid = fork();
  if (pid < 0) {
    SetMessage(outcome.report, std::string("fork: ") + std::strerror(errno));
    close(fds[0]), close(fds[1]);
    return outcome;
  }
  if (pid == 0) {
    close(fds[0]);
    ChildReport report;
    try {
      report = work();
    } catch (const std::exception& e) {
      report = ChildReport{};
      SetMessage(report, e.what());
    }
    const ssize_t written = write(fds[1], &report, sizeof report);
    _exit(written == ssize_t(sizeof report) ? 0 : 3);
  }
  close(fds[1]);
  ChildReport report;
  std::size_t received = 0;
  while (received < sizeof report) {
    const ssize_t n =
        read(fds[0], reinterpret_cast<char*>(&report) + received, sizeof report - received);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    received += std::size_t(n);
  }
  close(fds[0]);
  rusage usage{};
  const int status = WaitFor(pid, usage);
  outcome.wallSeconds = watch.elapsedSeconds();
  outcome.peakRssMb = double(usage.ru_maxrss) / 1024.0;
  if (received == sizeof report)
    outcome.report = report;
  else
    SetMessage(outcome.report,
               "the child process ended without a report: " + DescribeStatus(status));
  return outcome;
}

ProgramOutcome RunProgram(const std::string& program, const std::vector<std::string>& arguments,
                          const std::string& logFile,
                          const std::vector<std::string>& extraEnvironment, double timeoutSeconds) {
  ProgramOutcome outcome;
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const auto& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::fflush(nullptr);
  const Stopwatch watch;
  const pid_t pid = fork();
  if (pid < 0) {
    outcome.failure = std::string("fork: ") + std::strerror(errno);
    return outcome;
  }
  if (pid == 0) {
    const int log = open(logFile.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log >= 0) dup2(log, STDOUT_FILENO), dup2(log, STDERR_FILENO), close(log);
    for (const auto& entry : extraEnvironment) putenv(const_cast<char*>(entry.c_str()));
    execv(program.c_str(), argv.data());
    std::fprintf(stderr, "cannot execute '%s': %s\n", program.c_str(), std::strerror(errno));
    _exit(127);
  }
  rusage usage{};
  bool timedOut = false;
  const int status = WaitFor(pid, usage, watch, timeoutSeconds, timedOut);
  outcome.wallSeconds = watch.elapsedSeconds();
  outcome.peakRssMb = double(usage.ru_maxrss) / 1024.0;
  if (WIFEXITED(status)) outcome.exitStatus = WEXITSTATUS(status);
  if (timedOut)
    outcome.failure = program + " was stopped after " + std::to_string(int(timeoutSeconds)) +
                      " s (--reference-timeout; log: " + logFile + ")";
  else if (outcome.exitStatus != 0)
    outcome.failure = program + " ended with " + DescribeStatus(status) + " (log: " + logFile + ")";
  return outcome;
}

std::string FindExecutable(const std::string& name) {
  if (name.empty()) return {};
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::string directories = path ? path : "";
  std::size_t start = 0;
  while (start <= directories.size()) {
    const std::size_t end = std::min(directories.find(':', start), directories.size());
    const std::string directory = directories.substr(start, end - start);
    const std::string candidate = (directory.empty() ? "." : directory) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return {};
}

} // namespace cumed::regbench
