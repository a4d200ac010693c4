#pragma once
// The command line of cumed-compare: what to compare, how (the kind), the tolerances, and the
// optional command that makes the output first (--test ... --compare).
#include "cumed/app/ToolOptions.h"
#include "cumed/regression/Compare.h"

#include <optional>
#include <string>
#include <vector>

namespace cumed::compareapp {

inline constexpr const char* kProgramName = "cumed-compare";

using regression::Kind;
using regression::Tolerances;

struct Arguments {
  bool help = false;
  bool requiresCuda = false;
  std::optional<Kind> kind; ///< --kind; none: from the files' extensions (auto)
  Tolerances tolerances;
  std::string output;
  std::string baseline;
  std::string diffImage;            ///< empty: none written
  std::vector<std::string> command; ///< --test: run this first; empty: compare only
  app::ToolOptions tool;            ///< --version, --json, --quiet, --verbose, --threads
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h). Throws
/// app::UsageError naming the option and value.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::compareapp
