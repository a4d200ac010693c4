#pragma once
// The programs' own messages on stderr, filtered by CuMed's log level (cumed::SetLogLevel, set
// from CUMED_LOG_LEVEL, --quiet or --verbose) like the library's: "PROGRAM: note: ...".
#include <string>

namespace cumed::app {

/// Shown at level debug.
void Debug(const std::string& program, const std::string& message);
/// Shown at level info and below (the default): what the program decided for the user.
void Note(const std::string& program, const std::string& message);
/// Shown at level warning and below: something the user asked for that could not be done
/// exactly; the run goes on.
void Warn(const std::string& program, const std::string& message);
/// True when info messages (notes, stage progress) are shown.
bool InfoShown();

} // namespace cumed::app
