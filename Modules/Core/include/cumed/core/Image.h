#pragma once
// A 3D image that lives on the host or on the device: pixels (scalar or with several components,
// e.g. a velocity or displacement vector) plus the geometry ITK and VTK need (size, spacing,
// origin, direction). It owns its memory, or adopts memory someone else owns (an ITK buffer, a
// NumPy or CuPy array) without copying. Moving it between host and device is explicit and counted.
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/PixelType.h"

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace cumed {

enum class MemoryLocation { Host, Device };
const char* ToString(MemoryLocation location) noexcept;

struct ImageGeometry {
  std::array<std::size_t, 3> size{0, 0, 0};     ///< pixels along x, y, z (z = 1 for 2D)
  std::array<double, 3> spacing{1.0, 1.0, 1.0}; ///< mm between pixel centres
  std::array<double, 3> origin{0.0, 0.0, 0.0};  ///< world position of pixel (0,0,0)
  std::array<double, 9> direction{1, 0, 0, 0, 1, 0, 0, 0, 1}; ///< row-major, columns = axes

  std::size_t numberOfPixels() const noexcept { return size[0] * size[1] * size[2]; }
  /// Throws InvalidArgument naming the field when a size is 0 or a spacing is not positive.
  void validate() const;
  bool operator==(const ImageGeometry& other) const noexcept;
};

/// Non-owning typed view of pixels (x fastest, then y, then z; the components of a pixel are
/// adjacent). Scalar algorithms require components == 1.
template <class T> struct ImageView {
  T* data = nullptr;
  ImageGeometry geometry;
  MemoryLocation location = MemoryLocation::Host;
  int components = 1;
};

class Image {
public:
  Image() = default;
  /// Allocates an image (host memory is zero-filled; device memory is uninitialised).
  static Image Allocate(PixelType type, const ImageGeometry& geometry, MemoryLocation location,
                        int components = 1);
  /// Wraps memory someone else owns, without copying. `keepAlive` (e.g. the owner's smart
  /// pointer) is held as long as this Image; without it the caller keeps the memory alive.
  /// Throws InvalidArgument for a null pointer, a bad geometry or components < 1.
  static Image Adopt(void* data, PixelType type, const ImageGeometry& geometry,
                     MemoryLocation location, std::shared_ptr<void> keepAlive = {},
                     int components = 1);

  Image(Image&&) noexcept = default;
  Image& operator=(Image&&) noexcept = default;
  Image(const Image&) = delete; // copies are explicit: clone(), toDevice(), toHost()
  Image& operator=(const Image&) = delete;

  PixelType pixelType() const noexcept { return type_; }
  const ImageGeometry& geometry() const noexcept { return geometry_; }
  MemoryLocation location() const noexcept { return location_; }
  int components() const noexcept { return components_; }
  /// False for an adopted image.
  bool ownsMemory() const noexcept { return external_ == nullptr; }
  std::size_t sizeInBytes() const noexcept {
    return geometry_.numberOfPixels() * std::size_t(components_) * SizeOf(type_);
  }
  bool empty() const noexcept { return geometry_.numberOfPixels() == 0; }

  void* data() noexcept;
  const void* data() const noexcept;
  /// Typed view; throws InvalidArgument when T is not the image's pixel type.
  template <class T> ImageView<T> view() {
    checkType(PixelTypeOf<T>());
    return {static_cast<T*>(data()), geometry_, location_, components_};
  }
  template <class T> ImageView<const T> view() const {
    checkType(PixelTypeOf<T>());
    return {static_cast<const T*>(data()), geometry_, location_, components_};
  }

  /// A device copy (one counted host->device transfer, or a device->device copy).
  Image toDevice(const Stream* stream = nullptr) const;
  /// A host copy (one counted device->host transfer, or a host->host copy).
  Image toHost(const Stream* stream = nullptr) const;
  /// A copy in the same place.
  Image clone() const;

private:
  /// An image with its description checked and no pixels yet.
  static Image Describe(PixelType type, const ImageGeometry& geometry, MemoryLocation location,
                        int components);
  void checkType(PixelType requested) const;

  PixelType type_ = PixelType::Int16;
  ImageGeometry geometry_;
  MemoryLocation location_ = MemoryLocation::Host;
  int components_ = 1;
  std::vector<std::byte> host_;
  DeviceBuffer device_;
  void* external_ = nullptr; ///< adopted memory (host or device), not owned
  std::shared_ptr<void> keepAlive_;
};

} // namespace cumed
