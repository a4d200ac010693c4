#include "cumed/app/ToolOptions.h"

#include "cumed/app/Messages.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Config.h"
#include "cumed/core/Device.h"
#include "cumed/core/LibraryMessages.h"
#include "cumed/core/Log.h"
#include "cumed/core/Version.h"
#include "cumed/io/LibraryMessageRouting.h"
#include "cumed/vtk/VtkMessageRouting.h"

#include <itkMultiThreaderBase.h>
#include <omp.h>
#include <vtkSMPTools.h>

#include <charconv>
#include <cstdlib>
#include <mutex>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace cumed::app {

void ApplyToolFlag(const std::string& name, ToolOptions& options) {
  if (name == "--version") options.version = true;
  if (name == "--json") options.json = true;
  if (name == "--quiet") options.quiet = true;
  if (name == "--verbose") options.verbose = true;
  if (options.quiet && options.verbose) {
    throw UsageError("--quiet and --verbose exclude each other");
  }
}

void ApplyToolValue(const std::string& name, const std::string& value, ToolOptions& options) {
  if (name != "--threads") return;
  int threads = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), threads);
  if (value.empty() || error != std::errc() || end != value.data() + value.size()) {
    throw UsageError("--threads: '" + value + "' is not a whole number (give 1.." +
                     std::to_string(kMaxThreads) + ")");
  }
  if (threads < 1 || threads > kMaxThreads) {
    throw UsageError("--threads " + value + " is outside 1.." + std::to_string(kMaxThreads));
  }
  options.threads = threads;
}

namespace {

// GDCM, DCMTK, ITK and VTK print through the log from here on: their messages at debug level
// (--verbose), a count per library at warning level when the program ends (and after each DICOM
// read), nothing with --quiet.
void RouteLibraryMessages() {
  cumed::io::RouteLibraryMessages();
  cumed::vtk::RouteVtkMessages();
  static std::once_flag once;
  std::call_once(once, [] {
    // The log's and the counts' statics exist before the handler is registered, so they are
    // destroyed only after it has run.
    cumed::SetLogSink(cumed::SetLogSink(nullptr));
    cumed::LogLibraryMessageSummary();
    std::atexit([] { cumed::LogLibraryMessageSummary(); });
  });
}

} // namespace

std::string VersionText(const std::string& program) {
  // The loaded library's version: with shared libraries it can differ from the program's headers.
  return program + " " + cumed::VersionString() + "\n" +
         (CUMED_WITH_CUDA ? "CUDA backend: built\n"
                          : "CUDA backend: not built (CPU-only build)\n") +
         cumed::DescribeDevices() + "\n";
}

void ApplyToolOptions(const std::string& program, const ToolOptions& options) {
#if defined(__GLIBC__)
  // GDCM decodes each DICOM slice into a fresh ~0.5 MB buffer; with glibc's defaults every one is
  // mmapped and unmapped and the heap is trimmed after each, about half the decode time
  // (measured: 0.22 -> 0.10 s for the CT on one thread). A program may choose this; a library
  // should not, so it is set here, not in CuMed's IO module.
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
  if (options.quiet) cumed::SetLogLevel(cumed::LogLevel::Error);
  if (options.verbose) cumed::SetLogLevel(cumed::LogLevel::Debug);
  RouteLibraryMessages();
  if (options.threads > 0) {
    // Before any work, so every pool (OpenMP, ITK's threader, VTK's SMP) starts at this size.
    omp_set_num_threads(options.threads);
    itk::MultiThreaderBase::SetGlobalDefaultNumberOfThreads(options.threads);
    vtkSMPTools::Initialize(options.threads);
  }
  Debug(program, std::string("CuMed ") + cumed::VersionString() + ", " + cumed::DescribeDevices() +
                     ", CPU threads " + std::to_string(omp_get_max_threads()) + " (OpenMP), " +
                     std::to_string(itk::MultiThreaderBase::GetGlobalDefaultNumberOfThreads()) +
                     " (ITK), " + std::to_string(vtkSMPTools::GetEstimatedNumberOfThreads()) +
                     " (VTK)");
}

} // namespace cumed::app
