#pragma once
// Python numbers and sequences of numbers read for a named argument: anything else raises
// TypeError naming the argument (instead of pybind11's nameless "Unable to cast" or Python's
// "'float' object is not iterable").
#include <pybind11/pybind11.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace cumed::python {

/// `value` as a double (a Python or NumPy real number), or TypeError naming `name`.
inline double NumberArgument(pybind11::handle value, const std::string& name) {
  namespace py = pybind11;
  if (!value.ptr() || py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) ||
      PyComplex_Check(value.ptr()))
    throw py::type_error(name + " must be a number, got " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))) + " " +
                         std::string(py::repr(value)));
  const double result = PyFloat_AsDouble(value.ptr());
  if (result == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::type_error(name + " must be a number, got " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))) + " " +
                         std::string(py::repr(value)));
  }
  return result;
}

/// `value` as an int (an integer, or a whole float), or TypeError / ValueError naming `name`.
inline int WholeArgument(pybind11::handle value, const std::string& name) {
  namespace py = pybind11;
  const double number = NumberArgument(value, name);
  if (!std::isfinite(number) || number != std::floor(number))
    throw py::type_error(name + " must be a whole number, got " + std::string(py::repr(value)));
  if (number < double(std::numeric_limits<int>::min()) ||
      number > double(std::numeric_limits<int>::max()))
    throw py::value_error(name + " = " + std::string(py::repr(value)) +
                          " is out of range (at most 2147483647 in magnitude)");
  return int(number);
}

/// `value` as a list of its items (a tuple, list, NumPy vector...), or TypeError naming `name`.
inline std::vector<pybind11::object>
SequenceArgument(pybind11::handle value, const std::string& name, const std::string& expected) {
  namespace py = pybind11;
  if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) ||
      py::isinstance<py::dict>(value))
    throw py::type_error(name + " must be " + expected + ", got " + std::string(py::repr(value)));
  py::object iterator;
  try {
    iterator = py::reinterpret_steal<py::object>(PyObject_GetIter(value.ptr()));
    if (!iterator) throw py::error_already_set();
  } catch (py::error_already_set&) {
    PyErr_Clear();
    throw py::type_error(name + " must be " + expected + ", got " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))) + " " +
                         std::string(py::repr(value)));
  }
  std::vector<py::object> items;
  for (auto item : py::iter(iterator)) items.push_back(py::reinterpret_borrow<py::object>(item));
  return items;
}

/// A sequence of numbers (see SequenceArgument, NumberArgument): item i is named `name[i]`.
inline std::vector<double> NumbersArgument(pybind11::handle value, const std::string& name,
                                           const std::string& expected) {
  std::vector<double> numbers;
  const auto items = SequenceArgument(value, name, expected);
  for (std::size_t i = 0; i < items.size(); ++i)
    numbers.push_back(NumberArgument(items[i], name + "[" + std::to_string(i) + "]"));
  return numbers;
}

} // namespace cumed::python
