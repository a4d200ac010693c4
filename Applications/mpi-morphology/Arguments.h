#pragma once
// The command line of cumed-mpi-morphology (every rank parses the same one, so every rank
// reaches the same verdict without communicating).
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"
#include "cumed/morphology/ElementRequest.h"
#include "cumed/morphology/Operation.h"

#include <array>
#include <optional>
#include <string>

namespace cumed::mpimorphology {

inline constexpr char kProgramName[] = "cumed-mpi-morphology";

enum class OutputKind { Pieces, Gathered }; ///< .pvti with one .vti per rank; one image file

struct Arguments {
  bool help = false;
  std::string input;                   ///< an image file or a DICOM series directory
  app::DicomSeriesOptions dicomSeries; ///< --series SPEC, --list-series (DICOM input)
  const morphology::Operation* operation = nullptr;
  std::array<int, 3> radius{0, 0, 0};
  morphology::ElementShape element = morphology::ElementShape::Ball;
  std::string output;
  OutputKind outputKind = OutputKind::Pieces;
  std::optional<double> foreground;
  bool safeBorder = true;
  cumed::Backend backend = cumed::Backend::Auto;
  bool force = false;
  app::ToolOptions tool; ///< --version, --json, --quiet, --verbose, --threads
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h). Throws
/// app::UsageError naming the option and the value.
Arguments ParseArguments(int argc, const char* const* argv);
/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::mpimorphology
