#pragma once
// A CUDA array CuMed returns: device memory owned by CuMed (kept alive by this object), exposed
// through __cuda_array_interface__ (version 3) and __dlpack__, so CuPy, PyTorch, Numba and any
// other consumer take it without a copy.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cumed::python {

namespace py = pybind11;

struct DeviceArray {
  std::shared_ptr<void> owner; ///< keeps the memory alive
  std::uintptr_t data = 0;
  std::vector<py::ssize_t> shape; ///< NumPy order
  std::string typestr;            ///< "<f4", "<i8", "|u1"...
  int device = 0;
  /// The stream the data is valid on (0: ready on every stream, the work was synchronised).
  std::uintptr_t stream = 0;

  py::dict cudaArrayInterface() const;
  py::capsule dlpack(py::object consumerStream) const;
  py::tuple dlpackDevice() const;
  /// A NumPy copy (one counted device->host transfer).
  py::object toHost() const;
};

} // namespace cumed::python
