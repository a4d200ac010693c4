#pragma once
// Where the outputs go. The input series is never touched: the output directory may be neither
// the input directory nor inside it, and no output file may resolve into it; files already there
// are replaced only with --force, and never a symbolic link or a file with several hard links.
#include "Arguments.h"

#include <filesystem>

namespace cumed::ctsurface {

struct OutputFiles {
  std::filesystem::path directory;
  std::filesystem::path vtp, stl;
  std::filesystem::path png; ///< empty with --no-png
};

/// The files of `arguments` (--output-dir, --output-prefix, --no-png). Throws UsageError when the
/// directory is or lies inside the input directory, an output file resolves into it, is a
/// symbolic link, a directory or a file with more than one hard link, or exists and --force is
/// not given; cumed::Error when the directory path exists as a file. Creates
/// nothing.
OutputFiles PlanOutputFiles(const Arguments& arguments);

} // namespace cumed::ctsurface
