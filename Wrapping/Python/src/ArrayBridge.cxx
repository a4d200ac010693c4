#include "ArrayBridge.h"

#include "DLPack.h"
#include "NumberArguments.h"

#include <pybind11/stl.h>

#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cumed::python {

namespace {

std::string ShapeText(const std::vector<py::ssize_t>& shape) {
  std::ostringstream text;
  text << '(';
  for (std::size_t i = 0; i < shape.size(); ++i) text << (i ? ", " : "") << shape[i];
  text << (shape.size() == 1 ? ",)" : ")");
  return text.str();
}

/// The pixel type for an array-interface type string ("<f4", "|u1", "<i2", "<u2", "|b1").
PixelType PixelTypeOfTypestr(const std::string& typestr, const char* name) {
  const std::string kind = typestr.size() > 1 ? typestr.substr(1) : typestr;
  const bool foreignOrder = !typestr.empty() && typestr[0] == '>';
  if (!foreignOrder) {
    if (kind == "u1" || kind == "b1") return PixelType::UInt8;
    if (kind == "i2") return PixelType::Int16;
    if (kind == "u2") return PixelType::UInt16;
    if (kind == "f4") return PixelType::Float32;
  }
  throw InvalidArgument(std::string(name) + ": unsupported dtype '" + typestr +
                        "'; CuMed computes on uint8 (or bool), int16, uint16 and float32 in the "
                        "machine's byte order (convert with .astype(numpy.float32), for example)");
}

/// The [z, y, x] shape checked and turned into CuMed's (x, y, z) size.
std::array<std::size_t, 3> SizeOfShape(const std::vector<py::ssize_t>& shape, const char* name) {
  if (shape.size() != 2 && shape.size() != 3)
    throw InvalidArgument(std::string(name) + ": expected a 2D [y, x] or 3D [z, y, x] array, got " +
                          std::to_string(shape.size()) + " dimensions, shape " + ShapeText(shape));
  for (auto extent : shape)
    if (extent <= 0)
      throw InvalidArgument(std::string(name) + ": the array is empty, shape " + ShapeText(shape));
  const auto n = shape.size();
  return {std::size_t(shape[n - 1]), std::size_t(shape[n - 2]),
          n == 3 ? std::size_t(shape[0]) : std::size_t(1)};
}

/// Strides in bytes are C-contiguous for `shape` (extent-1 axes may have any stride).
bool IsCContiguous(const std::vector<py::ssize_t>& shape, const std::vector<py::ssize_t>& strides,
                   py::ssize_t itemSize) {
  py::ssize_t expected = itemSize;
  for (std::size_t i = shape.size(); i-- > 0;) {
    if (shape[i] != 1 && strides[i] != expected) return false;
    expected *= shape[i];
  }
  return true;
}

/// The device memory at `pointer` must be on the current device (the device CuMed runs on).
void CheckDevicePointer(const void* pointer, const char* name, const char* protocol) {
  if (!CudaUsable())
    throw InvalidArgument(std::string(name) + ": a CUDA array was given, but CUDA is not usable " +
                          "here: " + ProbeDevices().reason + " (" + protocol + ")");
  const int device = DeviceOfPointer(pointer);
  if (device < 0)
    throw InvalidArgument(std::string(name) + ": the " + protocol +
                          " pointer is not CUDA device memory");
  const int current = CurrentDevice();
  if (device != current)
    throw InvalidArgument(std::string(name) + ": the array is on CUDA device " +
                          std::to_string(device) + " but the current device is " +
                          std::to_string(current) +
                          "; make its device current (with cupy.cuda.Device(" +
                          std::to_string(device) + "): ...) or move the array");
}

/// Strides in bytes from a protocol's list (None: C-contiguous) are C-contiguous for `shape`.
bool StridesAreCContiguous(py::handle strides, const std::vector<py::ssize_t>& shape,
                           py::ssize_t itemSize, py::ssize_t unit = 1) {
  if (strides.is_none()) return true;
  std::vector<py::ssize_t> bytes;
  for (auto stride : py::iter(strides)) bytes.push_back(stride.cast<py::ssize_t>() * unit);
  return IsCContiguous(shape, bytes, itemSize);
}

py::ssize_t ItemSizeOf(const std::string& typestr) {
  return typestr.size() > 2 ? py::ssize_t(std::stoi(typestr.substr(2))) : 1;
}

ArrayBuffer ReadNumPy(py::array array, const char* name, bool copyStrided) {
  ArrayBuffer buffer;
  buffer.protocol = "numpy";
  buffer.shape.assign(array.shape(), array.shape() + array.ndim());
  buffer.typestr = py::str(array.dtype().attr("str"));
  const std::vector<py::ssize_t> strides(array.strides(), array.strides() + array.ndim());
  if (!IsCContiguous(buffer.shape, strides, array.itemsize())) {
    if (!copyStrided)
      throw InvalidArgument(std::string(name) + ": the array is not C-contiguous; pass "
                                                "numpy.ascontiguousarray(array)");
    // Documented: a strided view (a slice, a transpose) is copied once into C order.
    array = py::module_::import("numpy").attr("ascontiguousarray")(array);
    buffer.copied = true;
  }
  buffer.data = const_cast<void*>(array.data());
  buffer.owner = KeepAlive(array);
  return buffer;
}

ArrayBuffer ReadCudaArrayInterface(py::handle object, const char* name) {
  ArrayBuffer buffer;
  buffer.protocol = "cuda_array_interface";
  buffer.location = MemoryLocation::Device;
  const auto interface = py::dict(object.attr("__cuda_array_interface__"));
  for (auto extent : py::tuple(interface["shape"]))
    buffer.shape.push_back(extent.cast<py::ssize_t>());
  buffer.typestr = interface["typestr"].cast<std::string>();
  if (interface.contains("mask") && !interface["mask"].is_none())
    throw InvalidArgument(std::string(name) + ": masked CUDA arrays are not supported");
  const py::object strides =
      interface.contains("strides") ? py::object(interface["strides"]) : py::object(py::none());
  if (!StridesAreCContiguous(strides, buffer.shape, ItemSizeOf(buffer.typestr)))
    throw InvalidArgument(std::string(name) +
                          ": the CUDA array is not C-contiguous; pass "
                          "cupy.ascontiguousarray(array) (CuMed does not copy device arrays "
                          "behind your back)");
  buffer.data = reinterpret_cast<void*>(py::tuple(interface["data"])[0].cast<std::uintptr_t>());
  if (interface.contains("stream") && !interface["stream"].is_none()) {
    const auto handle = interface["stream"].cast<std::uintptr_t>();
    if (handle == 0)
      throw InvalidArgument(std::string(name) + ": __cuda_array_interface__ stream 0 is invalid");
    buffer.stream = Stream::Borrow(reinterpret_cast<CUstream_st*>(handle));
  }
  buffer.owner = KeepAlive(py::reinterpret_borrow<py::object>(object));
  return buffer;
}

/// The array-interface type string of a DLPack dtype ("<f4", "|u1", "<i8", "|b1"...).
std::string TypestrOfDLPack(const dlpack::DataType& type) {
  const char kind = type.code == dlpack::kFloat  ? 'f'
                    : type.code == dlpack::kInt  ? 'i'
                    : type.code == dlpack::kBool ? 'b'
                    : type.code == dlpack::kUInt ? 'u'
                                                 : '?';
  const int bytes = type.bits / 8;
  if (type.lanes != 1 || kind == '?' || type.bits % 8 != 0) return "?";
  return std::string(bytes == 1 ? "|" : "<") + kind + std::to_string(bytes);
}

ArrayBuffer ReadDLPack(py::handle object, const char* name) {
  ArrayBuffer buffer;
  buffer.protocol = "dlpack";
  const auto device = py::tuple(object.attr("__dlpack_device__")());
  const auto deviceType = device[0].cast<int>();
  const bool onDevice = deviceType == dlpack::kCUDA || deviceType == dlpack::kCUDAManaged;
  if (!onDevice && deviceType != dlpack::kCPU && deviceType != dlpack::kCUDAHost)
    throw InvalidArgument(std::string(name) + ": DLPack device type " + std::to_string(deviceType) +
                          " is neither the CPU nor CUDA");
  // The default stream argument: the producer makes the data valid on the legacy default stream,
  // which CuMed's private stream then waits for by synchronising before it starts.
  py::capsule capsule =
      onDevice ? object.attr("__dlpack__")(py::arg("stream") = 1) : object.attr("__dlpack__")();
  if (std::string(capsule.name() ? capsule.name() : "") != dlpack::kCapsuleName)
    throw InvalidArgument(std::string(name) + ": __dlpack__ returned an already used capsule");
  auto* managed = static_cast<dlpack::ManagedTensor*>(capsule.get_pointer());
  PyCapsule_SetName(capsule.ptr(), dlpack::kUsedCapsuleName);
  // From here the tensor is ours: its deleter runs when the last user lets go of it.
  buffer.owner = std::shared_ptr<void>(managed, [](void* pointer) {
    auto* tensor = static_cast<dlpack::ManagedTensor*>(pointer);
    if (tensor->deleter) tensor->deleter(tensor);
  });
  const auto& tensor = managed->tensor;
  buffer.shape.assign(tensor.shape, tensor.shape + tensor.ndim);
  buffer.typestr = TypestrOfDLPack(tensor.dtype);
  if (buffer.typestr == "?")
    throw InvalidArgument(std::string(name) + ": unsupported DLPack dtype (code " +
                          std::to_string(tensor.dtype.code) + ", " +
                          std::to_string(tensor.dtype.bits) + " bits, " +
                          std::to_string(tensor.dtype.lanes) + " lanes)");
  if (tensor.strides) {
    const py::tuple strides(
        py::cast(std::vector<std::int64_t>(tensor.strides, tensor.strides + tensor.ndim)));
    const auto itemSize = ItemSizeOf(buffer.typestr);
    if (!StridesAreCContiguous(strides, buffer.shape, itemSize, itemSize))
      throw InvalidArgument(std::string(name) +
                            ": the DLPack tensor is not C-contiguous; pass a contiguous one "
                            "(.contiguous() in PyTorch, cupy.ascontiguousarray in CuPy)");
  }
  buffer.data = static_cast<char*>(tensor.data) + tensor.byteOffset;
  buffer.location = onDevice ? MemoryLocation::Device : MemoryLocation::Host;
  return buffer;
}

std::array<double, 3> ParseTriple(py::handle value, const char* field, int ndim, double fill) {
  std::array<double, 3> triple{fill, fill, fill};
  if (py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value) ||
      (py::hasattr(value, "ndim") && py::hasattr(value, "__float__") &&
       py::int_(value.attr("ndim")).cast<int>() == 0)) {
    triple.fill(NumberArgument(value, field));
    if (ndim == 2) triple[2] = fill;
    return triple;
  }
  // accepts tuples, lists, NumPy vectors; anything else is a TypeError naming the field
  const auto sequence =
      NumbersArgument(value, field, "a number or a sequence of numbers (x, y, z)");
  if (sequence.size() != std::size_t(ndim) && sequence.size() != 3)
    throw InvalidArgument(std::string(field) + " needs " + std::to_string(ndim) + " values (x, y" +
                          (ndim == 3 ? ", z" : "") + "), got " + std::to_string(sequence.size()));
  for (std::size_t i = 0; i < sequence.size(); ++i) triple[i] = sequence[i];
  return triple;
}

} // namespace

ImageGeometry ParseGeometry(const GeometryArguments& arguments,
                            const std::array<std::size_t, 3>& size, int ndim) {
  ImageGeometry geometry;
  geometry.size = size;
  const bool scalarSpacing =
      py::isinstance<py::float_>(arguments.spacing) || py::isinstance<py::int_>(arguments.spacing) ||
      (py::hasattr(arguments.spacing, "ndim") && py::hasattr(arguments.spacing, "__float__") &&
       py::int_(arguments.spacing.attr("ndim")).cast<int>() == 0);
  if (arguments.numpyOrder && !arguments.spacing.is_none() && !scalarSpacing) {
    // NumPy axis order: checked under the caller's indices, then reversed into x, y, z.
    const auto& name = arguments.spacingName;
    const auto sequence = NumbersArgument(arguments.spacing, name.c_str(),
                                          "a number or a sequence of numbers (z, y, x)");
    if (sequence.size() != std::size_t(ndim) && sequence.size() != 3)
      throw InvalidArgument(name + " needs " + std::to_string(ndim) + " values (" +
                            (ndim == 3 ? "z, " : "") + "y, x), got " +
                            std::to_string(sequence.size()));
    const std::size_t n = sequence.size();
    for (std::size_t i = 0; i < n; ++i)
      numbers::RequireSpacing(name + "[" + std::to_string(i) + "]", sequence[i],
                              "spacing is given in NumPy axis order (z, y, x)");
    for (std::size_t i = 0; i < n; ++i) geometry.spacing[i] = sequence[n - 1 - i];
  } else if (!arguments.spacing.is_none()) {
    geometry.spacing = ParseTriple(arguments.spacing, arguments.spacingName.c_str(), ndim, 1.0);
  }
  for (int axis = 0; axis < 3; ++axis)
    numbers::RequireSpacing(arguments.spacingName + "[" + std::to_string(axis) + "]",
                            geometry.spacing[axis], arguments.spacingName + " is given as x, y, z");
  if (!arguments.origin.is_none())
    geometry.origin = ParseTriple(arguments.origin, "origin", ndim, 0.0);
  for (int axis = 0; axis < 3; ++axis)
    if (!std::isfinite(geometry.origin[axis]))
      throw InvalidArgument("origin[" + std::to_string(axis) + "] is not finite");
  if (!arguments.direction.is_none()) {
    std::vector<double> values;
    const auto rows = SequenceArgument(arguments.direction, "direction",
                                       "a 3x3 matrix (a sequence of rows of numbers)");
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto name = "direction[" + std::to_string(r) + "]";
      if (py::isinstance<py::float_>(rows[r]) || py::isinstance<py::int_>(rows[r]))
        values.push_back(NumberArgument(rows[r], name));
      else
        for (double value : NumbersArgument(rows[r], name, "a row of numbers"))
          values.push_back(value);
    }
    if (values.size() == 4 && ndim == 2)
      values = {values[0], values[1], 0, values[2], values[3], 0, 0, 0, 1};
    if (values.size() != 9)
      throw InvalidArgument("direction needs a 3x3 matrix (or 2x2 for a 2D image), got " +
                            std::to_string(values.size()) + " values");
    for (int i = 0; i < 9; ++i) {
      if (!std::isfinite(values[i])) throw InvalidArgument("direction has a non-finite value");
      geometry.direction[i] = values[i];
    }
    const auto& d = geometry.direction;
    const double determinant = d[0] * (d[4] * d[8] - d[5] * d[7]) -
                               d[1] * (d[3] * d[8] - d[5] * d[6]) +
                               d[2] * (d[3] * d[7] - d[4] * d[6]);
    if (std::abs(determinant) < 1e-6)
      throw InvalidArgument("direction is singular (determinant " + std::to_string(determinant) +
                            ")");
  }
  geometry.validate();
  // origin=1e308 gave inf points and fields: the coordinates must fit float outputs.
  try {
    numbers::RequireWorldCoordinates(geometry);
  } catch (const InvalidArgument& error) {
    // A corner out of range comes from the size with spacing, origin and direction together.
    if (std::string(error.what()).find("corner") == std::string::npos) throw;
    throw InvalidArgument(arguments.spacingName + ", origin and direction place an image " +
                          error.what());
  }
  return geometry;
}

ArrayBuffer ReadArrayBuffer(py::handle array, const char* name, bool copyStridedNumPy,
                            const std::function<void(const ArrayBuffer&)>& check) {
  ArrayBuffer buffer;
  if (py::isinstance<py::array>(array))
    buffer = ReadNumPy(py::reinterpret_borrow<py::array>(array), name, copyStridedNumPy);
  else if (py::hasattr(array, "__cuda_array_interface__"))
    buffer = ReadCudaArrayInterface(array, name);
  else if (py::hasattr(array, "__dlpack__") && py::hasattr(array, "__dlpack_device__"))
    buffer = ReadDLPack(array, name);
  else
    throw InvalidArgument(std::string(name) +
                          ": expected a NumPy array or an array with __cuda_array_interface__ or "
                          "__dlpack__ (CuPy, PyTorch), got " +
                          std::string(py::str(py::type::of(array).attr("__name__"))));
  if (check) check(buffer);
  const bool empty = std::any_of(buffer.shape.begin(), buffer.shape.end(),
                                 [](py::ssize_t extent) { return extent == 0; });
  if (buffer.location == MemoryLocation::Device && !empty)
    CheckDevicePointer(buffer.data, name, buffer.protocol.c_str());
  return buffer;
}

AdoptedArray AdoptArray(py::handle array, const GeometryArguments& geometry, const char* name) {
  PixelType type{};
  std::array<std::size_t, 3> size{};
  auto buffer = ReadArrayBuffer(array, name, /*copyStridedNumPy=*/true, [&](const ArrayBuffer& b) {
    type = PixelTypeOfTypestr(b.typestr, name);
    size = SizeOfShape(b.shape, name);
  });
  AdoptedArray adopted;
  adopted.protocol = buffer.protocol;
  adopted.copied = buffer.copied;
  adopted.stream = std::move(buffer.stream);
  adopted.ndim = int(buffer.shape.size());
  adopted.image = Image::Adopt(buffer.data, type, ParseGeometry(geometry, size, adopted.ndim),
                               buffer.location, buffer.owner);
  return adopted;
}

std::shared_ptr<void> KeepAlive(py::object object) {
  return std::shared_ptr<void>(new py::object(std::move(object)), [](void* pointer) {
    py::gil_scoped_acquire gil;
    delete static_cast<py::object*>(pointer);
  });
}

void BindAdoptionProbe(py::module_& module) {
  module.def(
      "_inspect_adoption",
      [](py::handle array, const GeometryArguments& geometry) {
        auto adopted = AdoptArray(array, geometry, "array");
        const auto& g = adopted.image.geometry();
        py::dict info;
        info["pointer"] = reinterpret_cast<std::uintptr_t>(adopted.image.data());
        info["copied"] = adopted.copied;
        info["protocol"] = adopted.protocol;
        info["location"] = ToString(adopted.image.location());
        info["pixel_type"] = ToString(adopted.image.pixelType());
        info["size"] = py::make_tuple(g.size[0], g.size[1], g.size[2]);
        info["spacing"] = py::make_tuple(g.spacing[0], g.spacing[1], g.spacing[2]);
        info["origin"] = py::make_tuple(g.origin[0], g.origin[1], g.origin[2]);
        info["direction"] = py::make_tuple(g.direction[0], g.direction[1], g.direction[2],
                                           g.direction[3], g.direction[4], g.direction[5],
                                           g.direction[6], g.direction[7], g.direction[8]);
        info["stream"] = adopted.stream ? reinterpret_cast<std::uintptr_t>(adopted.stream->native())
                                        : std::uintptr_t(0);
        return info;
      },
      py::arg("array"), py::arg("geometry"));
}

} // namespace cumed::python
