#include "cumed/core/Image.h"

#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"

#include <cstring>
#include <string>

namespace cumed {

const char* ToString(MemoryLocation location) noexcept {
  return location == MemoryLocation::Host ? "host" : "device";
}

void ImageGeometry::validate() const {
  static const char* axis[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    if (size[i] == 0) throw InvalidArgument(std::string("image size along ") + axis[i] + " is 0");
    if (!(spacing[i] > 0.0))
      throw InvalidArgument(std::string("image spacing along ") + axis[i] + " is " +
                            std::to_string(spacing[i]) + " (must be > 0)");
  }
}

bool ImageGeometry::operator==(const ImageGeometry& other) const noexcept {
  return size == other.size && spacing == other.spacing && origin == other.origin &&
         direction == other.direction;
}

namespace {
void CheckComponents(int components) {
  if (components < 1)
    throw InvalidArgument("image components must be >= 1, not " + std::to_string(components));
}
} // namespace

Image Image::Describe(PixelType type, const ImageGeometry& geometry, MemoryLocation location,
                      int components) {
  geometry.validate();
  CheckComponents(components);
  Image image;
  image.type_ = type;
  image.geometry_ = geometry;
  image.location_ = location;
  image.components_ = components;
  return image;
}

Image Image::Allocate(PixelType type, const ImageGeometry& geometry, MemoryLocation location,
                      int components) {
  Image image = Describe(type, geometry, location, components);
  if (location == MemoryLocation::Host)
    image.host_.assign(image.sizeInBytes(), std::byte{0});
  else
    image.device_ = DeviceBuffer(image.sizeInBytes());
  return image;
}

Image Image::Adopt(void* data, PixelType type, const ImageGeometry& geometry,
                   MemoryLocation location, std::shared_ptr<void> keepAlive, int components) {
  if (!data) throw InvalidArgument("cannot adopt a null pixel pointer");
  Image image = Describe(type, geometry, location, components);
  image.external_ = data;
  image.keepAlive_ = std::move(keepAlive);
  return image;
}

void* Image::data() noexcept {
  if (external_) return external_;
  return location_ == MemoryLocation::Host ? static_cast<void*>(host_.data()) : device_.data();
}

const void* Image::data() const noexcept {
  if (external_) return external_;
  return location_ == MemoryLocation::Host ? static_cast<const void*>(host_.data())
                                           : device_.data();
}

void Image::checkType(PixelType requested) const {
  if (requested != type_)
    throw InvalidArgument(std::string("image holds ") + ToString(type_) + " pixels, not " +
                          ToString(requested));
}

Image Image::toDevice(const Stream* stream) const {
  Image copy = Allocate(type_, geometry_, MemoryLocation::Device, components_);
  if (location_ == MemoryLocation::Host)
    CopyHostToDevice(copy.data(), data(), sizeInBytes(), stream);
  else
    CopyDeviceToDevice(copy.data(), data(), sizeInBytes(), stream);
  return copy;
}

Image Image::toHost(const Stream* stream) const {
  Image copy = Allocate(type_, geometry_, MemoryLocation::Host, components_);
  if (location_ == MemoryLocation::Device)
    CopyDeviceToHost(copy.data(), data(), sizeInBytes(), stream);
  else
    std::memcpy(copy.data(), data(), sizeInBytes());
  return copy;
}

Image Image::clone() const {
  return location_ == MemoryLocation::Host ? toHost() : toDevice();
}

} // namespace cumed
