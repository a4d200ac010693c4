#pragma once
// Number parsing and the exit codes the three data programs share.
#include <string>

namespace cumed::regdata {

constexpr int kExitUsage = 2;  ///< bad command line
constexpr int kExitFailed = 1; ///< the inputs could not be read or processed

/// The whole text as a finite double; throws InvalidArgument naming the option and the text.
double ParseNumber(const std::string& option, const std::string& text);
/// The whole text as an unsigned 32-bit integer.
unsigned long ParseUnsigned(const std::string& option, const std::string& text);

} // namespace cumed::regdata
