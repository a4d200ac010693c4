#include "ProgramRun.h"

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::apptest {
namespace {

/// Single-quoted for sh, so paths and arguments with spaces or quotes pass unchanged.
std::string Quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

} // namespace

RunResult RunProgram(const std::string& program, const std::vector<std::string>& arguments,
                     const fs::path& captureDirectory, const std::string& tag,
                     const fs::path& workingDirectory) {
  fs::create_directories(captureDirectory);
  const fs::path out = captureDirectory / (tag + ".stdout");
  const fs::path err = captureDirectory / (tag + ".stderr");
  std::string command;
  if (!workingDirectory.empty()) command = "cd " + Quote(workingDirectory.string()) + " && ";
  command += Quote(program);
  for (const std::string& argument : arguments) command += " " + Quote(argument);
  command += " >" + Quote(out.string()) + " 2>" + Quote(err.string());
  const int status = std::system(command.c_str());
  RunResult result;
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = FileBytes(out);
  result.err = FileBytes(err);
  fs::remove(out);
  fs::remove(err);
  return result;
}

std::string FileBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::set<std::string> DirectoryNames(const fs::path& directory) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory))
    names.insert(entry.path().filename().string());
  return names;
}

std::string Setting(const char* environment, const char* compiledDefault) {
  const char* value = std::getenv(environment);
  return value && *value ? value : compiledDefault;
}

} // namespace cumed::apptest
