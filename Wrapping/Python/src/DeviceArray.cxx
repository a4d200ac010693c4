#include "DeviceArray.h"

#include "ArrayBridge.h"
#include "DLPack.h"

#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <numeric>

namespace cumed::python {

namespace {

/// What a DLPack capsule of ours owns: the memory's owner and the shape array.
struct DLPackContext {
  std::shared_ptr<void> owner;
  std::vector<std::int64_t> shape;
  dlpack::ManagedTensor managed{};
};

dlpack::DataType DLPackType(const std::string& typestr) {
  const char kind = typestr.size() > 1 ? typestr[1] : 'u';
  const int bytes = typestr.size() > 2 ? std::stoi(typestr.substr(2)) : 1;
  const std::uint8_t code = kind == 'f'   ? dlpack::kFloat
                            : kind == 'i' ? dlpack::kInt
                                          : dlpack::kUInt;
  return {code, std::uint8_t(bytes * 8), 1};
}

std::size_t ItemSize(const std::string& typestr) {
  return typestr.size() > 2 ? std::size_t(std::stoi(typestr.substr(2))) : 1;
}

} // namespace

py::dict DeviceArray::cudaArrayInterface() const {
  py::dict interface;
  interface["shape"] = py::tuple(py::cast(shape));
  interface["typestr"] = typestr;
  interface["data"] = py::make_tuple(data, false);
  interface["version"] = 3;
  interface["strides"] = py::none();
  interface["stream"] = stream ? py::object(py::int_(stream)) : py::object(py::none());
  return interface;
}

py::capsule DeviceArray::dlpack(py::object /*consumerStream*/) const {
  // The data is made valid for every stream first: DLPack has no way to pass ours along.
  if (stream) Stream::Borrow(reinterpret_cast<CUstream_st*>(stream)).synchronize();
  auto* context = new DLPackContext;
  context->owner = owner;
  context->shape.assign(shape.begin(), shape.end());
  auto& tensor = context->managed.tensor;
  tensor.data = reinterpret_cast<void*>(data);
  tensor.device = {dlpack::kCUDA, device};
  tensor.ndim = std::int32_t(shape.size());
  tensor.dtype = DLPackType(typestr);
  tensor.shape = context->shape.data();
  tensor.strides = nullptr;
  tensor.byteOffset = 0;
  context->managed.managerContext = context;
  context->managed.deleter = [](dlpack::ManagedTensor* self) {
    delete static_cast<DLPackContext*>(self->managerContext);
  };
  // A capsule nobody consumed still owns the tensor and frees it.
  return py::capsule(&context->managed, dlpack::kCapsuleName, [](PyObject* capsule) {
    if (PyCapsule_IsValid(capsule, dlpack::kCapsuleName)) {
      auto* managed =
          static_cast<dlpack::ManagedTensor*>(PyCapsule_GetPointer(capsule, dlpack::kCapsuleName));
      managed->deleter(managed);
    }
  });
}

py::tuple DeviceArray::dlpackDevice() const {
  return py::make_tuple(int(dlpack::kCUDA), device);
}

py::object DeviceArray::toHost() const {
  py::array host(py::dtype(typestr), shape);
  const auto bytes =
      std::accumulate(shape.begin(), shape.end(), std::size_t(1),
                      [](std::size_t a, py::ssize_t b) { return a * std::size_t(b); }) *
      ItemSize(typestr);
  if (stream) Stream::Borrow(reinterpret_cast<CUstream_st*>(stream)).synchronize();
  CopyDeviceToHost(host.mutable_data(), reinterpret_cast<const void*>(data), bytes);
  return host;
}

py::object WrapBuffer(void* data, MemoryLocation location, std::vector<py::ssize_t> shape,
                      const std::string& typestr, std::shared_ptr<void> owner,
                      const Stream* stream) {
  if (location == MemoryLocation::Host) {
    // The capsule owns a copy of the shared owner; NumPy keeps the capsule as the array's base.
    auto* holder = new std::shared_ptr<void>(std::move(owner));
    py::capsule base(holder,
                     [](void* pointer) { delete static_cast<std::shared_ptr<void>*>(pointer); });
    return py::array(py::dtype(typestr), shape, data, base);
  }
  DeviceArray array;
  array.owner = std::move(owner);
  array.data = reinterpret_cast<std::uintptr_t>(data);
  array.shape = std::move(shape);
  array.typestr = typestr;
  array.device = DeviceOfPointer(data) < 0 ? CurrentDevice() : DeviceOfPointer(data);
  array.stream = stream ? reinterpret_cast<std::uintptr_t>(stream->native()) : 0;
  return py::cast(std::move(array));
}

py::object ImageToArray(Image image, int ndim, const Stream* stream) {
  const auto& size = image.geometry().size;
  std::vector<py::ssize_t> shape;
  if (ndim == 3) shape.push_back(py::ssize_t(size[2]));
  shape.push_back(py::ssize_t(size[1]));
  shape.push_back(py::ssize_t(size[0]));
  if (image.components() > 1) shape.push_back(image.components());
  static const char* typestrs[] = {"|u1", "<i2", "<u2", "<f4"};
  const auto typestr = typestrs[int(image.pixelType())];
  const auto location = image.location();
  auto owned = std::make_shared<Image>(std::move(image));
  void* data = owned->data();
  return WrapBuffer(data, location, std::move(shape), typestr, owned, stream);
}

py::object ReturnLike(py::handle like, py::object result) {
  if (py::isinstance<py::tuple>(result) || py::isinstance<py::list>(result)) {
    py::list converted;
    for (auto item : result)
      converted.append(ReturnLike(like, py::reinterpret_borrow<py::object>(item)));
    return py::isinstance<py::tuple>(result) ? py::object(py::tuple(converted))
                                             : py::object(converted);
  }
  if (py::isinstance<py::dict>(result)) {
    py::dict converted;
    for (auto item : py::dict(result))
      converted[item.first] = ReturnLike(like, py::reinterpret_borrow<py::object>(item.second));
    return converted;
  }
  if (!py::isinstance<DeviceArray>(result)) return result;
  const std::string family =
      py::str(py::type::of(like).attr("__module__")).cast<std::string>().substr(0, 5);
  if (family == "cupy" || family == "cupy.")
    return py::module_::import("cupy").attr("asarray")(result);
  if (family == "torch") return py::module_::import("torch").attr("from_dlpack")(result);
  return result;
}

void BindDeviceArray(py::module_& module) {
  py::class_<DeviceArray>(module, "DeviceArray",
                          "CUDA memory CuMed returned, shared with CuPy, PyTorch or Numba "
                          "without copies (__cuda_array_interface__ v3 and __dlpack__).")
      .def_property_readonly("__cuda_array_interface__", &DeviceArray::cudaArrayInterface)
      .def("__dlpack__", &DeviceArray::dlpack, py::arg("stream") = py::none())
      .def("__dlpack_device__", &DeviceArray::dlpackDevice)
      .def_property_readonly("shape",
                             [](const DeviceArray& a) { return py::tuple(py::cast(a.shape)); })
      .def_property_readonly("dtype", [](const DeviceArray& a) { return py::dtype(a.typestr); })
      .def_property_readonly("device", [](const DeviceArray& a) { return a.device; })
      .def_property_readonly("ptr", [](const DeviceArray& a) { return a.data; })
      .def("get", &DeviceArray::toHost, "A NumPy copy (one counted device-to-host transfer).")
      .def("__repr__", [](const DeviceArray& a) {
        return "<cumed.DeviceArray shape=" + std::string(py::str(py::tuple(py::cast(a.shape)))) +
               " dtype=" + a.typestr + " device=" + std::to_string(a.device) + ">";
      });
}

} // namespace cumed::python
