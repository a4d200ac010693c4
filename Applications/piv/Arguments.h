#pragma once
// The command line of cumed-piv: what it accepts, the rules between options, and how a mistake
// in it is reported (cumed::app::UsageError, exit status 2). Rules that need the frames (sizes,
// pixel types) are checked later, in Pipeline.cxx.
#include "cumed/app/ToolOptions.h"
#include "cumed/piv/FieldFiles.h"
#include "cumed/piv/FramePairs.h"
#include "cumed/piv/PictureMeshes.h"
#include "cumed/piv/PivOptions.h"

#include <string>
#include <vector>

namespace cumed::pivapp {

inline constexpr char kProgramName[] = "cumed-piv";

struct Arguments {
  std::vector<std::string> inputs; ///< two frames, a list, a directory, or a glob pattern
  std::string outputDirectory;     ///< --output
  cumed::piv::PivOptions piv;      ///< windows, overlap, fits, validation, backend
  piv::Pairing pairing = piv::Pairing::AB;
  bool ensemble = false;
  std::string mask;               ///< --mask FILE
  double timeBetweenFrames = 1.0; ///< --dt
  double pixelSize = 1.0;         ///< --pixel-size (length per px)
  double pairInterval = 0.0;      ///< --pair-interval (pathlines); 0: --dt
  piv::FieldFormat format = piv::FieldFormat::Vti;
  std::string pathlines;    ///< --pathlines FILE.vtp
  int pathlineSeedStep = 2; ///< --pathline-seed-step: every K-th window centre seeds
  bool png = false;         ///< --png: NAME.png, the first frame with the arrows
  piv::ArrowColour arrowColour = piv::ArrowColour::Magnitude; ///< --colour-by (with --png)
  bool arrowColourGiven = false;
  std::string settingsFile; ///< --settings (read before parsing; an input no output may replace)
  bool force = false;
  bool help = false;
  app::ToolOptions tool;
};

/// Parses `argv` (with the --settings file's options) by the program's option table
/// (Arguments.cxx; cumed/app/CommandLine.h); throws UsageError naming the option and the value at
/// fault.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::pivapp
