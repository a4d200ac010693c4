#pragma once
// The command line of cumed-ct-surface: what it accepts, its defaults, and how a mistake in it is
// reported (cumed::app::UsageError, exit code 2).
#include "cumed/core/Backend.h"

#include <string>

namespace cumed::ctsurface {

/// The program's name, which its messages on stderr start with.
inline constexpr char kProgramName[] = "cumed-ct-surface";

struct Arguments {
  std::string inputDirectory; ///< DICOM series directory; default: the build's phantom
  std::string outputDirectory = "cumed-ct-surface-out";
  cumed::Backend backend = cumed::Backend::Auto;
  double isoHu = 300.0;  ///< isosurface level in HU (bone)
  double radiusMm = 2.0; ///< closing ball radius; 0 skips the closing
  bool writePng = true;
  std::string seriesUid; ///< empty: the series with the most slices
  int pngWidth = 1024;
  int pngHeight = 768;
  bool help = false;
};

/// The series read when no directory is given: the phantom the build generates ("" when the
/// build had none).
const char* DefaultInputDirectory();

/// Parses `argv` (options as "--name value" or "--name=value", one optional positional input
/// directory). Throws UsageError for unknown options, missing or malformed values, values out of
/// range, or a second positional argument.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text.
std::string HelpText();

} // namespace cumed::ctsurface
