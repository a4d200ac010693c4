#include "BackgroundProgram.h"

#include "ProgramRun.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace fs = std::filesystem;

namespace cumed::apptest {
BackgroundProgram::BackgroundProgram(
    const std::string& program, const std::vector<std::string>& arguments,
    const fs::path& workingDirectory, const fs::path& captureDirectory, const std::string& tag,
    const std::vector<std::pair<std::string, std::string>>& environment) {
  fs::create_directories(captureDirectory);
  out_ = fs::absolute(captureDirectory / (tag + ".stdout"));
  err_ = fs::absolute(captureDirectory / (tag + ".stderr"));
  // Everything the child needs is built before fork(): after it, only exec-safe calls.
  std::vector<std::string> argumentText{program};
  argumentText.insert(argumentText.end(), arguments.begin(), arguments.end());
  std::vector<std::string> environmentText;
  for (char** entry = environ; *entry != nullptr; ++entry) environmentText.emplace_back(*entry);
  for (const auto& [name, value] : environment) environmentText.push_back(name + "=" + value);
  std::vector<char*> argv, envp;
  for (std::string& text : argumentText) argv.push_back(text.data());
  for (std::string& text : environmentText) envp.push_back(text.data());
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  const std::string directory = workingDirectory.string();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    const int out = ::open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) _exit(126);
    if (!directory.empty() && ::chdir(directory.c_str()) != 0) _exit(126);
    // As from a terminal, whatever this test's own parent set (a background job of a
    // non-interactive shell ignores SIGINT): the signals the tests send take effect.
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) ::signal(signal, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  started_ = pid_;
}

BackgroundProgram::~BackgroundProgram() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
}

bool BackgroundProgram::WaitForStderr(const std::string& text, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (FileBytes(err_).find(text) != std::string::npos) return true;
    int status = 0;
    if (pid_ > 0 && ::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1; // ended on its own: the test will see that it never said `text`
      return FileBytes(err_).find(text) != std::string::npos;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

void BackgroundProgram::Signal(int signal) {
  if (pid_ > 0) ::kill(pid_, signal);
}

Ending BackgroundProgram::Wait() {
  Ending ending;
  if (pid_ > 0) {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    if (WIFEXITED(status)) ending.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) ending.signal = WTERMSIG(status);
  }
  ending.out = FileBytes(out_);
  ending.err = FileBytes(err_);
  std::error_code ignored;
  fs::remove(out_, ignored);
  fs::remove(err_, ignored);
  return ending;
}

} // namespace cumed::apptest
