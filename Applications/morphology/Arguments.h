#pragma once
// The command line of cumed-morphology: what it accepts, the rules between options, and how a
// mistake in it is reported (cumed::app::UsageError, exit status 2). Rules that need the input
// (does the foreground value fit its pixel type?) are checked later, in Pipeline.cxx.
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"
#include "cumed/morphology/ElementRequest.h"
#include "cumed/morphology/Operation.h"

#include <array>
#include <optional>
#include <string>

namespace cumed::morphologyapp {

using morphology::ElementShape;
using morphology::Operation;
using morphology::RadiusRequest;

/// The program's name, which its messages on stderr start with.
inline constexpr char kProgramName[] = "cumed-morphology";
/// Stage progress stops above 99.5 %, which would print as 100 %; the stage's end is its
/// "done in" line.
inline constexpr double kProgressSilentAbove = 0.995;

struct Arguments {
  std::string input;  ///< DICOM series directory or image file
  std::string output; ///< image file, or DICOM series directory with --dicom / a trailing '/'
  const Operation* operation = nullptr;
  ElementShape element = ElementShape::Ball;
  RadiusRequest radius;
  std::optional<double> foreground; ///< binary operations: required
  std::optional<double> background; ///< binary operations: ITK's default when unset
  std::optional<double> boundary;   ///< dilate/erode: ITK's default when unset
  bool safeBorder = true;
  cumed::Backend backend = cumed::Backend::Auto;
  bool dicomOutput = false;
  std::string segFile; ///< --seg FILE: a binary result of a DICOM input also as a DICOM SEG
  bool force = false;
  /// --allow-large-element: an element more than twice the volume along an axis runs anyway
  bool allowLargeElement = false;
  std::string seriesUid; ///< DICOM input: exact UID; empty: --series, else the default rule
  app::DicomSeriesOptions dicomSeries; ///< --series SPEC, --list-series (DICOM input)
  bool help = false;
  app::ToolOptions tool; ///< --version, --json, --quiet, --verbose, --threads
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h):
/// options as "--name value" or "--name=value" (--radius-vox also takes three values), then INPUT
/// and OUTPUT. Throws UsageError for unknown options, missing or malformed values, options that
/// do not apply to the operation, and a wrong number of positionals.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

/// "--radius-mm 2" or "--radius-vox 250" / "--radius-vox 1 2 3": the request as the user gave it,
/// for messages.
std::string RequestText(const RadiusRequest& request);

/// morphology::VoxelRadius, its refusals as UsageError naming the option (RequestText).
std::array<int, 3> CheckedVoxelRadius(const RadiusRequest& request,
                                      const std::array<double, 3>& spacing, unsigned dimension);

/// morphology::MakeElement, its refusals as UsageError naming "--element <shape>".
cumed::morphology::StructuringElement CheckedElement(ElementShape shape,
                                                     const std::array<int, 3>& radius);

} // namespace cumed::morphologyapp
