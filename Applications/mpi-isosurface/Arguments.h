#pragma once
// The command line of cumed-mpi-isosurface (the same on every rank, so every rank reaches the
// same verdict on it) and its --help text.
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"

#include <filesystem>
#include <string>

namespace cumed::mpiisosurfaceapp {

/// The program's name, which its messages on stderr start with.
inline constexpr char kProgramName[] = "cumed-mpi-isosurface";

enum class OutputKind { Pvtp, Vtp, Stl };

struct Arguments {
  bool help = false;
  std::filesystem::path input;
  app::DicomSeriesOptions dicomSeries; ///< --series SPEC, --list-series (DICOM input)
  double iso = 0.0;
  std::filesystem::path output;
  OutputKind kind = OutputKind::Pvtp;
  bool gather = false;
  bool normals = false;
  bool force = false;
  Backend backend = Backend::Auto; ///< where every rank extracts its piece
  app::ToolOptions tool;           ///< --version, --json, --quiet, --verbose, --threads
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h). Throws
/// app::UsageError naming the option or value.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::mpiisosurfaceapp
