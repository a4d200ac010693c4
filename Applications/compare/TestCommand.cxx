#include "TestCommand.h"

#include "cumed/regression/Compare.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

extern char** environ;

namespace cumed::compareapp {
using regression::FileError;

std::string RunTestCommand(const std::vector<std::string>& command, const std::string& output) {
  std::error_code error;
  if (std::filesystem::is_regular_file(output, error) && !std::filesystem::remove(output, error))
    throw FileError("cannot delete the old output '" + output + "': " + error.message());

  std::vector<char*> argv;
  for (const std::string& argument : command) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  std::cout.flush(); // the command's output follows ours in order
  pid_t child = 0;
  // This program blocks SIGINT/SIGTERM/SIGHUP for its cleanup thread; the command gets them back.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  const int spawned = posix_spawnp(&child, argv[0], nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) {
    throw FileError("cannot run '" + command.front() + "': " + std::strerror(spawned));
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) throw FileError("lost the command '" + command.front() + "'");
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  if (WIFEXITED(status)) {
    return "'" + command.front() + "' exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return "'" + command.front() + "' was killed by signal " + std::to_string(WTERMSIG(status));
}

} // namespace cumed::compareapp
