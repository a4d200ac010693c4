#pragma once
// One Bind function per CuMed module, each in its own translation unit (lean builds).
#include <pybind11/pybind11.h>

namespace cumed::python {

namespace py = pybind11;

void BindMorphology(py::module_& module);
void BindSurface(py::module_& module);
void BindIO(py::module_& module);
void BindSeg(py::module_& module); // DICOM SEG functions, into the io submodule
void BindPiv(py::module_& module);
void BindDeformation(py::module_& module);
void BindRegistration(py::module_& module);
void BindLog(py::module_& module); // CuMed's log queued for the Python layer

} // namespace cumed::python
