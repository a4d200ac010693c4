#pragma once
// The command line of cumed-batch: the tree of series, where the results go, and the settings of
// the surface job (those of cumed-ct-surface). Mistakes are UsageErrors (exit status 2).
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"
#include "cumed/meshio/VtpWriter.h"

#include <string>

namespace cumed::batch {

inline constexpr char kProgramName[] = "cumed-batch";

struct Arguments {
  std::string inputDirectory;  ///< the tree searched for DICOM series
  std::string outputDirectory; ///< must not exist or be empty; not inside the input
  double isoHu = 300.0;
  double radiusMm = 2.0; ///< 0 skips the closing
  bool allowLargeElement = false;
  cumed::Backend backend = cumed::Backend::Auto;
  cumed::meshio::VtpCompression compression = cumed::meshio::VtpCompression::LZ4;
  bool listSeries = false; ///< --list-series: print the tree's series listing and stop
  bool help = false;
  app::ToolOptions tool;
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h). Throws
/// UsageError for unknown or repeated options, bad values, a missing INPUT_DIR or --output-dir,
/// or a second positional argument.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::batch
