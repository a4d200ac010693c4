#pragma once
// The command line of cumed-register: what it accepts and how a mistake in it is reported
// (cumed::app::UsageError, exit status 2). Rules that need the inputs (same dimension, the mask's
// size) are checked when they are read.
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/registration/Registration.h"

#include <string>
#include <vector>

namespace cumed::registerapp {

/// The program's name, which its messages on stderr start with.
inline constexpr char kProgramName[] = "cumed-register";
/// Stage progress stops above 99.5 %, which would print as 100 %.
inline constexpr double kProgressSilentAbove = 0.995;

struct Arguments {
  std::string fixed;  ///< DICOM series directory or image file
  std::string moving; ///< the same
  /// --series SPEC (for each DICOM input), --list-series (of FIXED and MOVING)
  app::DicomSeriesOptions dicomSeries;
  std::string outputDirectory;
  /// --metric ... --backend and --params; the observer is the program's own.
  registration::RegistrationOptions options;
  std::string mask;                    ///< --mask FILE: on the fixed image's grid; empty: none
  std::string movingMask;              ///< --moving-mask FILE: in moving space; empty: none
  std::string initialTransform;        ///< --initial-transform FILE.tfm: an ITK affine; empty: none
  std::string parameterFile;           ///< --params FILE
  std::string transformFormat = "tfm"; ///< --transform-format: "tfm" or "h5"
  std::string applyTransform; ///< --apply-transform FILE: map --points through it, no registration
  std::string image;          ///< --image FILE: resampled through --apply-transform
  std::string reference;      ///< --reference FILE: the grid --image is resampled onto
  std::string points;         ///< --points FILE (elastix's point format)
  /// --params keys that do not apply (noted when the run starts, after --quiet took effect).
  std::vector<std::string> ignoredParameters;
  /// --params keys read but not used, with the reason (warned when the run starts).
  std::vector<std::string> parameterWarnings;
  bool png = false;
  bool force = false;
  bool compress = false; ///< zlib-compressed .mha outputs (--compression zlib, --compress)
  bool help = false;
  app::ToolOptions tool; ///< --version, --json, --quiet, --verbose, --threads
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h): options
/// as "--name value" or "--name=value", then FIXED and MOVING; --params is
/// applied under the command line's own settings. Throws UsageError for unknown options, missing
/// or malformed values, a bad parameter file and a wrong number of positionals.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::registerapp
