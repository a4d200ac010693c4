#pragma once
// Test support: runs a built program the way a user's shell would, with stdout and stderr
// captured, for the tests of CuMed's command-line applications.
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace cumed::apptest {

struct RunResult {
  int exitCode = -1; ///< -1 when the program did not exit normally (a crash)
  std::string out;
  std::string err;
};

/// Runs `program` with `arguments`; stdout and stderr go through files `<tag>.stdout/.stderr` in
/// `captureDirectory` (removed afterwards). With a `workingDirectory`, the program runs there.
RunResult RunProgram(const std::string& program, const std::vector<std::string>& arguments,
                     const std::filesystem::path& captureDirectory, const std::string& tag,
                     const std::filesystem::path& workingDirectory = {});

/// The bytes of `file` ("" when it cannot be read).
std::string FileBytes(const std::filesystem::path& file);

/// The names in `directory`, hidden ones included.
std::set<std::string> DirectoryNames(const std::filesystem::path& directory);

/// The environment variable's value when set and not empty, else `compiledDefault`.
std::string Setting(const char* environment, const char* compiledDefault);

} // namespace cumed::apptest
