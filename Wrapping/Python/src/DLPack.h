#pragma once
// The DLPack tensor exchange ABI (https://dmlc.github.io/dlpack/latest/, version 0.8 layout), the
// structs only: what __dlpack__ capsules named "dltensor" hold. Declared here because Debian 12
// ships no dlpack headers; the layout is the published ABI that CuPy, PyTorch and NumPy use.
#include <cstdint>

namespace cumed::python::dlpack {

enum DeviceType : std::int32_t { kCPU = 1, kCUDA = 2, kCUDAHost = 3, kCUDAManaged = 13 };
enum TypeCode : std::uint8_t { kInt = 0, kUInt = 1, kFloat = 2, kBool = 6 };

struct Device {
  std::int32_t deviceType;
  std::int32_t deviceId;
};

struct DataType {
  std::uint8_t code;
  std::uint8_t bits;
  std::uint16_t lanes;
};

struct Tensor {
  void* data;
  Device device;
  std::int32_t ndim;
  DataType dtype;
  std::int64_t* shape;
  std::int64_t* strides; ///< in elements; null means compact row-major
  std::uint64_t byteOffset;
};

struct ManagedTensor {
  Tensor tensor;
  void* managerContext;
  void (*deleter)(ManagedTensor* self);
};

/// Capsule names: a producer's capsule is "dltensor"; the consumer renames it once it owns it.
inline constexpr const char* kCapsuleName = "dltensor";
inline constexpr const char* kUsedCapsuleName = "used_dltensor";

} // namespace cumed::python::dlpack
