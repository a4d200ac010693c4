#pragma once
// The command line of cumed-isosurface: what it accepts, the rules between options, and how a
// mistake in it is reported (cumed::app::UsageError, exit status 2). Rules that need the file
// system (does OUTPUT exist?) are checked in OutputFiles.cxx, before anything is read.
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"
#include "cumed/meshio/VtpWriter.h"

#include <optional>
#include <string>
#include <vector>

namespace cumed::isosurfaceapp {

/// The program's name, which its messages on stderr start with.
inline constexpr char kProgramName[] = "cumed-isosurface";

enum class SurfaceKind {
  Isovalue, ///< --iso: points at or above the value are inside (vtkFlyingEdges3D)
  Label     ///< --labels: points equal to the label are inside (vtkDiscreteFlyingEdges3D)
};

struct Arguments {
  std::string input;                   ///< DICOM series directory, image file or .vti
  app::DicomSeriesOptions dicomSeries; ///< --series SPEC, --list-series (DICOM input)
  SurfaceKind kind = SurfaceKind::Isovalue;
  std::vector<double> values; ///< isovalues or labels, in the order given
  std::optional<bool>
      normals; ///< --normals / --no-normals; default: on for --iso, off for --labels
  cumed::Backend backend = cumed::Backend::Auto;
  int gpus = 1;           ///< CUDA devices, 0 = every usable one
  bool gpusGiven = false; ///< --gpus was on the command line (only then a shortfall warns)
  int slabs = 0;          ///< z-slabs, 0 = one per GPU
  std::string output;     ///< .vtp, .stl or .ply; empty: the surface is not written
  std::string png;        ///< picture; empty: none
  /// How a .vtp output's arrays are compressed (--compression none|lz4|zlib).
  cumed::meshio::VtpCompression compression = cumed::meshio::VtpCompression::LZ4;
  bool force = false;  ///< replace existing output files
  bool closed = false; ///< --closed: cumed::surface::ExtractClosedSurface's rules
  bool help = false;
  app::ToolOptions tool; ///< --version, --json, --quiet, --verbose, --threads

  bool computeNormals() const { return normals.value_or(kind == SurfaceKind::Isovalue); }
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h):
/// options as "--name value" or "--name=value", then INPUT. Throws UsageError for
/// unknown options, options given twice, missing or malformed values, --iso and --labels together
/// or neither, and not exactly one INPUT.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::isosurfaceapp
