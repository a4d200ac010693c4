#include "Call.h"

#include "ArrayBridge.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/ThreadCount.h"

#include <pybind11/stl.h>

namespace cumed::python {

namespace {

thread_local ExecutionReport lastReport;

py::dict TransfersToDict(const TransferStats& stats) {
  py::dict transfers;
  transfers["host_to_device_copies"] = stats.hostToDeviceCopies;
  transfers["device_to_host_copies"] = stats.deviceToHostCopies;
  transfers["host_to_device_bytes"] = stats.hostToDeviceBytes;
  transfers["device_to_host_bytes"] = stats.deviceToHostBytes;
  return transfers;
}

/// Python exception types: cumed.Error (a RuntimeError) and its subclasses; InvalidArgument is
/// also a ValueError, so `except ValueError` catches bad input as Python users expect.
struct ExceptionTypes {
  py::object error, invalidArgument, cancelled, cudaError;
};

ExceptionTypes& Exceptions() {
  static ExceptionTypes types;
  return types;
}

py::object NewException(py::module_& module, const char* name, py::object bases, const char* doc) {
  const std::string qualified = "cumed." + std::string(name);
  auto type = py::reinterpret_steal<py::object>(
      PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr));
  module.attr(name) = type;
  return type;
}

} // namespace

CallScope::CallScope(const ExecutionArguments& arguments, ExecutionOptions& options,
                     const Stream* stream)
    : arguments_(arguments) {
  options.backend = ParseBackend(arguments.backend);
  CheckThreadCount(arguments.threads);
  options.threads = int(arguments.threads);
  options.stream = stream;
  options.report = &report_;
  if (!arguments.progress.is_none()) {
    auto callback = arguments.progress;
    options.progress = [callback](double fraction) {
      py::gil_scoped_acquire gil;
      callback(fraction);
    };
  }
  if (!arguments.cancel.is_none()) {
    auto callback = arguments.cancel;
    options.cancelRequested = [callback]() {
      py::gil_scoped_acquire gil;
      return py::bool_(callback()).cast<bool>();
    };
  }
}

CallScope::~CallScope() {
  lastReport = report_;
  if (!arguments_.report.is_none()) {
    // The caller's Report object is filled also when the call throws (backend stays "auto").
    try {
      *arguments_.report.cast<ExecutionReport*>() = report_;
    } catch (const py::cast_error&) {
    }
  }
}

void BindCore(py::module_& module) {
  auto& exceptions = Exceptions();
  exceptions.error =
      NewException(module, "Error", py::reinterpret_borrow<py::object>(PyExc_RuntimeError),
                   "Base of every error CuMed raises.");
  exceptions.invalidArgument = NewException(
      module, "InvalidArgument",
      py::make_tuple(exceptions.error, py::reinterpret_borrow<py::object>(PyExc_ValueError)),
      "A value CuMed cannot use (dtype, shape, spacing, option...); also a ValueError.");
  exceptions.cancelled =
      NewException(module, "Cancelled", exceptions.error, "The cancel callback asked to stop.");
  exceptions.cudaError = NewException(module, "CudaError", exceptions.error,
                                      "A CUDA call failed or CUDA is not usable.");
  py::register_exception_translator([](std::exception_ptr pointer) {
    if (!pointer) return;
    auto& types = Exceptions();
    try {
      std::rethrow_exception(pointer);
    } catch (const InvalidArgument& error) {
      PyErr_SetString(types.invalidArgument.ptr(), error.what());
    } catch (const Cancelled& error) {
      PyErr_SetString(types.cancelled.ptr(), error.what());
    } catch (const CudaError& error) {
      PyErr_SetString(types.cudaError.ptr(), error.what());
    } catch (const Error& error) {
      PyErr_SetString(types.error.ptr(), error.what());
    }
  });

  py::class_<ExecutionReport>(module, "Report",
                              "What ran: pass report=cumed.Report() to any function to have it "
                              "filled, or read cumed.last_report() after the call.")
      .def(py::init<>())
      .def_property_readonly(
          "backend", [](const ExecutionReport& r) { return std::string(ToString(r.backend)); })
      .def_readonly("devices_used", &ExecutionReport::devicesUsed)
      .def_readonly("slabs", &ExecutionReport::slabs)
      .def_readonly("threads", &ExecutionReport::threads)
      .def_readonly("seconds", &ExecutionReport::seconds)
      .def_property_readonly("transfers",
                             [](const ExecutionReport& r) { return TransfersToDict(r.transfers); })
      .def("__repr__", [](const ExecutionReport& r) {
        return "<cumed.Report backend=" + std::string(ToString(r.backend)) +
               " seconds=" + std::to_string(r.seconds) +
               " host_to_device=" + std::to_string(r.transfers.hostToDeviceCopies) +
               " device_to_host=" + std::to_string(r.transfers.deviceToHostCopies) + ">";
      });
  module.def(
      "last_report", [] { return lastReport; },
      "The report of the last CuMed call on this thread.");

  py::class_<ExecutionArguments>(module, "Execution", "The execution keywords of a call.")
      .def(py::init([](std::string backend, long long threads, py::object progress, py::object cancel,
                       py::object report) {
             return ExecutionArguments{std::move(backend), threads, progress, cancel, report};
           }),
           py::arg("backend") = "auto", py::arg("threads") = 0, py::arg("progress") = py::none(),
           py::arg("cancel") = py::none(), py::arg("report") = py::none())
      .def_readonly("backend", &ExecutionArguments::backend)
      .def_readonly("threads", &ExecutionArguments::threads);
  py::class_<GeometryArguments>(module, "Geometry", "The geometry keywords of a call.")
      .def(py::init([](py::object spacing, py::object origin, py::object direction,
                       bool numpyOrder, std::string spacingName) {
             return GeometryArguments{spacing, origin, direction, numpyOrder,
                                      std::move(spacingName)};
           }),
           py::arg("spacing") = py::none(), py::arg("origin") = py::none(),
           py::arg("direction") = py::none(), py::arg("numpy_order") = false,
           py::arg("spacing_name") = "spacing")
      .def_readonly("spacing", &GeometryArguments::spacing)
      .def_readonly("origin", &GeometryArguments::origin)
      .def_readonly("direction", &GeometryArguments::direction);

  module.def("cuda_available", &CudaUsable,
             "True when CuMed was built with CUDA and a usable device is present. Never raises.");
  module.def("cuda_built", &CudaBackendBuilt, "True when CuMed was built with its CUDA backend.");
  module.def("describe_devices", &DescribeDevices,
             "One line about the CUDA devices (or why none).");
  module.def("current_device", &CurrentDevice, "The current CUDA device of this thread.");
  module.def(
      "transfer_stats", [] { return TransfersToDict(GetTransferStats()); },
      "Host<->device copies CuMed made since the process started (process-wide).");
}

} // namespace cumed::python
