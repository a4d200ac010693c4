#pragma once
// --test: runs the command that makes the output, as itkTestDriver does, before the comparison.
#include <string>
#include <vector>

namespace cumed::compareapp {

/// Deletes the regular file `output` (a stale output must never pass), runs `command` with the
/// same stdout/stderr and waits for it. Returns "" when it exited 0, else what went wrong.
/// Throws FileError when the program cannot be started.
std::string RunTestCommand(const std::vector<std::string>& command, const std::string& output);

} // namespace cumed::compareapp
