#pragma once
// --settings FILE: options kept in a file, one a line as on the command line ("--window
// 64,32,16", "--overlap=0.5", "--ensemble"); blank lines and lines starting with '#' are
// skipped. Options given on the command line win over the file's.
#include <string>
#include <vector>

namespace cumed::pivapp {

/// The command line with the settings file's options inserted after the program name (those
/// the command line also gives left out). Throws UsageError naming the file, the line and its
/// text: a file that is missing, not a regular file (FIFO, directory) or over 1 MiB, a line that is
/// not an option, --settings inside the file, or
/// --settings given twice.
std::vector<std::string> ExpandSettingsFile(int argc, const char* const* argv);

} // namespace cumed::pivapp
