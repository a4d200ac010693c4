#pragma once
// The options every program takes for use from scripts: --version, --json, --quiet, --verbose and
// --threads N. CommandLine.h registers them in every program's table and hands them here, so they
// are spelled, checked and applied the same way everywhere.
#include "cumed/core/ThreadCount.h"

#include <string>

namespace cumed::app {

struct ToolOptions {
  bool version = false;
  bool json = false;    ///< the summary as one JSON object instead of the key=value line
  bool quiet = false;   ///< errors and the summary only
  bool verbose = false; ///< debug messages too
  int threads = 0;      ///< CPU threads; 0: the defaults (OMP_NUM_THREADS, the cores)
  std::string xml;      ///< --xml: the Slicer module description to print instead of a run
};

/// Records a flag; UsageError for --quiet with --verbose.
void ApplyToolFlag(const std::string& name, ToolOptions& options);
/// Records --threads VALUE; UsageError naming the option and the value unless it is a whole
/// number in 1..kMaxThreads.
void ApplyToolValue(const std::string& name, const std::string& value, ToolOptions& options);

using cumed::kMaxThreads; // the library's limit (cumed/core/Execution.h)

/// "<program> <CuMed version>", whether the CUDA backend is built, and the device probe line.
std::string VersionText(const std::string& program);

/// Applies the options to the whole process, before any work: the log level (--quiet: errors,
/// --verbose: debug; else CUMED_LOG_LEVEL) and the thread count (OpenMP, ITK's global default,
/// vtkSMPTools). Prints a debug line naming the settings.
void ApplyToolOptions(const std::string& program, const ToolOptions& options);

} // namespace cumed::app
