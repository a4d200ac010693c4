#pragma once
// The one bridge between Python arrays and CuMed images: NumPy arrays (host), objects with
// __cuda_array_interface__ (CuPy, Numba, ...) and DLPack producers (__dlpack__: CuPy, PyTorch,
// NumPy) are adopted as cumed::Image without copying; CuMed's results go back as NumPy arrays or
// as a DeviceArray (both interfaces), turned into the caller's own array type by ReturnLike().
// Arrays are indexed [z, y, x] (x fastest, as ITK's array views); geometry is given in ITK's
// (x, y, z) order.
#include "cumed/core/Image.h"
#include "cumed/core/Mesh.h"
#include "cumed/core/Stream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cumed::python {

namespace py = pybind11;

/// The geometry keywords every function takes: spacing, origin, direction (None = defaults 1,
/// 0, identity). Spacing may be one number for every axis.
struct GeometryArguments {
  py::object spacing = py::none();
  py::object origin = py::none();
  py::object direction = py::none();
  /// spacing is in NumPy axis order ((z, y, x), (y, x) for 2D: the public keyword `spacing`);
  /// false: ITK's (x, y, z) (`spacing_xyz`, a Volume's geometry). Errors name the index the
  /// caller gave.
  bool numpyOrder = false;
  /// The keyword the spacing came from, as errors name it ("spacing", "spacing_xyz").
  std::string spacingName = "spacing";
};

/// Any array's memory as its protocol describes it, not copied: what images and mesh arrays are
/// both read through.
struct ArrayBuffer {
  void* data = nullptr;
  std::vector<py::ssize_t> shape; ///< NumPy order
  std::string typestr;            ///< array-interface type string ("<f4", "|u1", "<i8", "|b1"...)
  MemoryLocation location = MemoryLocation::Host;
  /// The producer's stream for device arrays (CUDA array interface v3 "stream"), if it gave one.
  std::optional<Stream> stream;
  std::shared_ptr<void> owner; ///< keeps the memory alive (the array, or the DLPack tensor)
  std::string protocol;        ///< "numpy", "cuda_array_interface" or "dlpack"
  bool copied = false;         ///< a strided NumPy array copied into C order
};

/// Reads `array` (NumPy, __cuda_array_interface__ or DLPack) without copying. It must be
/// C-contiguous, except that a strided NumPy array is copied once when `copyStridedNumPy`.
/// `check` (shape, dtype) runs before device memory is checked to be on the current device.
/// Throws InvalidArgument naming `name`.
ArrayBuffer ReadArrayBuffer(py::handle array, const char* name, bool copyStridedNumPy,
                            const std::function<void(const ArrayBuffer&)>& check = {});

/// A Python array adopted as a CuMed image, with what the caller must know about it.
struct AdoptedArray {
  Image image;
  /// Where the pixels came from: "numpy", "cuda_array_interface" or "dlpack".
  std::string protocol;
  /// The producer's stream for device arrays (CUDA array interface v3 "stream"), if it gave one.
  std::optional<Stream> stream;
  /// True when a non-contiguous NumPy array had to be copied (documented; device arrays must be
  /// contiguous).
  bool copied = false;
  /// The ndim of the Python array (2 or 3): results are returned with the same ndim.
  int ndim = 3;
};

/// Adopts `array` (2D [y, x] or 3D [z, y, x]; uint8, int16, uint16 or float32) with the given
/// geometry. `name` names the argument in errors ("image", "moving"...). Throws
/// cumed::InvalidArgument naming the problem (dtype, ndim, strides, device, spacing).
AdoptedArray AdoptArray(py::handle array, const GeometryArguments& geometry, const char* name);

/// The geometry keywords parsed for an image of `size` (x, y, z); `ndim` 2 accepts 2-element
/// spacing/origin and a 2x2 direction. Throws InvalidArgument naming the bad value.
ImageGeometry ParseGeometry(const GeometryArguments& geometry,
                            const std::array<std::size_t, 3>& size, int ndim);

/// A Python object for `image` without copying: a NumPy array for host images (it owns the
/// image), a DeviceArray for device images. `ndim` 2 drops the z axis.
py::object ImageToArray(Image image, int ndim = 3, const Stream* stream = nullptr);

/// A NumPy or DeviceArray view of a buffer owned by `owner` (kept alive by the result).
/// `shape` in NumPy order; `typestr` as in the array interfaces ("<f4", "<i8", "|u1"...).
py::object WrapBuffer(void* data, MemoryLocation location, std::vector<py::ssize_t> shape,
                      const std::string& typestr, std::shared_ptr<void> owner,
                      const Stream* stream = nullptr);

/// `result` (a NumPy array, a DeviceArray, or a tuple/list/dict of them) converted to the
/// family of `like`: DeviceArray -> CuPy array for CuPy input, torch.Tensor for PyTorch input
/// (through DLPack), else left as DeviceArray. No copies.
py::object ReturnLike(py::handle like, py::object result);

/// Holds a Python object alive from C++ (e.g. in Image::Adopt's keepAlive); takes the GIL to let
/// go of it, so it may be released from any thread.
std::shared_ptr<void> KeepAlive(py::object object);

/// Registers _inspect_adoption(array, geometry): what AdoptArray made of an array (data pointer,
/// whether it copied, where it lives, the geometry), so tests can prove inputs are not copied.
void BindAdoptionProbe(py::module_& module);

/// Registers the DeviceArray class on the module.
void BindDeviceArray(py::module_& module);

} // namespace cumed::python
