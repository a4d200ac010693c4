#pragma once
// Where the outputs go. The input series is never touched: the output directory may be neither
// the input directory nor inside it; files already there are replaced only with --force.
#include "Arguments.h"

#include <filesystem>

namespace cumed::ctsurface {

struct OutputFiles {
  std::filesystem::path directory;
  std::filesystem::path vtp, stl;
  std::filesystem::path png; ///< empty with --no-png
};

/// The files of `arguments` (--output-dir, --output-prefix, --no-png). Throws UsageError when the
/// directory is or lies inside the input directory, or an output file exists and --force is not
/// given (or is a directory); cumed::Error when the directory path exists as a file. Creates
/// nothing.
OutputFiles PlanOutputFiles(const Arguments& arguments);

} // namespace cumed::ctsurface
