#pragma once
// A command line that cannot be used as given: the message names the option, the value and the
// problem. RunCommandLine() (ProgramMain.h) reports it with exit status 2 and a pointer to --help.
#include "cumed/output/SafeOutput.h"

#include <exception>
#include <stdexcept>

namespace cumed::app {

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// True for a UsageError and for an output the library's OutputSafety refused (the command line
/// named it): both end a program with exit status 2.
inline bool IsUsageError(const std::exception& e) {
  return dynamic_cast<const UsageError*>(&e) || dynamic_cast<const output::OutputRefused*>(&e);
}

} // namespace cumed::app
