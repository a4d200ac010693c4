#pragma once
// The command line of cumed-ct-surface: what it accepts, its defaults, and how a mistake in it is
// reported (cumed::app::UsageError, exit code 2).
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/rendering/PatientView.h"

#include <string>

namespace cumed::ctsurface {

/// The program's name, which its messages on stderr start with.
inline constexpr char kProgramName[] = "cumed-ct-surface";

struct Arguments {
  std::string inputDirectory; ///< DICOM series directory; default: the build's phantom
  std::string outputDirectory = "cumed-ct-surface-out";
  std::string outputPrefix = "surface"; ///< file names PREFIX.vtp, .stl, .png
  bool force = false;                   ///< replace existing output files
  /// Where the camera of surface.png looks from; the default is the left anterior oblique view.
  rendering::PatientView view = rendering::PatientView::LeftAnteriorOblique;
  cumed::Backend backend = cumed::Backend::Auto;
  double isoHu = 300.0;  ///< isosurface level in HU (bone)
  double radiusMm = 2.0; ///< closing ball radius; 0 skips the closing
  /// --allow-large-element: a ball more than twice the volume along an axis runs anyway
  bool allowLargeElement = false;
  bool writePng = true;
  /// The picture's renderer on a thread of its own, overlapping reading, computing and writing
  /// (--no-overlap: every stage after the other, as before; the files are the same).
  bool overlap = true;
  std::string segFile; ///< --seg FILE: the closing mask (closed HU >= --iso) as a DICOM SEG
  /// How the .vtp file's arrays are compressed (--compression none|lz4|zlib).
  cumed::meshio::VtpCompression compression = cumed::meshio::VtpCompression::LZ4;
  std::string seriesUid;               ///< exact UID; empty: --series, else the default rule
  app::DicomSeriesOptions dicomSeries; ///< --series SPEC, --list-series
  int pngWidth = 1024;
  int pngHeight = 768;
  bool help = false;
  app::ToolOptions tool; ///< --version, --json, --quiet, --verbose, --threads
};

/// The series read when no directory is given: the phantom the build generates, only while the
/// program runs from that build tree (its bin directory) and the series is there; "" otherwise
/// (an installed program has no default input).
std::string DefaultInputDirectory();

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h): options
/// as "--name value" or "--name=value", one optional positional input directory. Throws
/// UsageError for unknown options, options given twice, missing or malformed values, values out
/// of range, a second positional argument, or no input without a default.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::ctsurface
