#pragma once
// What every binding does around a call into CuMed: the execution keywords (backend, threads,
// progress, cancel, report) turned into cumed::ExecutionOptions, the GIL released while CuMed
// computes (taken back for the Python callbacks), the execution report kept for the caller, and
// CuMed's exceptions translated into Python exceptions with the same messages.
#include "cumed/core/Execution.h"

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

namespace cumed::python {

namespace py = pybind11;

/// The execution keywords of every function.
struct ExecutionArguments {
  std::string backend = "auto";     ///< "auto", "cpu" or "cuda"
  long long threads = 0;            ///< CPU threads, 0 = OpenMP's default (checked: 0..kMaxThreads)
  py::object progress = py::none(); ///< callable(fraction) or None
  py::object cancel = py::none();   ///< callable() -> bool, or None
  py::object report = py::none();   ///< a cumed.Report to fill, or None
};

/// Fills `options` from `arguments` for one call; on destruction (also when the call throws)
/// stores the report as the thread's last report and into the caller's Report object.
/// `stream`: the producer's stream of a device input, if any (the call is queued on it).
class CallScope {
public:
  CallScope(const ExecutionArguments& arguments, ExecutionOptions& options,
            const Stream* stream = nullptr);
  ~CallScope();
  CallScope(const CallScope&) = delete;
  CallScope& operator=(const CallScope&) = delete;

  /// Runs `work` with the GIL released.
  template <class Work> decltype(auto) run(Work&& work) {
    py::gil_scoped_release release;
    return work();
  }

private:
  const ExecutionArguments& arguments_;
  ExecutionReport report_;
};

/// Registers Execution and Geometry (the keyword bundles the Python layer builds and passes to
/// every native function), Report, last_report(), cuda_available(), describe_devices(),
/// transfer_stats(), the exception types and their translation.
void BindCore(py::module_& module);

} // namespace cumed::python
