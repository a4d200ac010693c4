#pragma once
// From an Image to the typed views the templated entry points take: the pixel type switch and
// the float attribute views, shared by ExtractIsosurface and ExtractIsosurfaceSlab.
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cumed::surface::detail {

/// Views of the attribute volumes; throws InvalidArgument unless each is a float image.
inline std::vector<ImageView<const float>>
FloatAttributeViews(const std::vector<const Image*>& attributes) {
  std::vector<ImageView<const float>> views;
  for (std::size_t a = 0; a < attributes.size(); ++a) {
    if (attributes[a] == nullptr || attributes[a]->pixelType() != PixelType::Float32) {
      throw InvalidArgument("isosurface: attribute volume " + std::to_string(a) +
                            " must be a float image");
    }
    views.push_back(attributes[a]->view<float>());
  }
  return views;
}

/// Calls visit(volume.view<T>()) with T the volume's pixel type.
template <class Visit> auto VisitPixelType(const Image& volume, Visit&& visit) {
  switch (volume.pixelType()) {
  case PixelType::UInt8:
    return visit(volume.view<std::uint8_t>());
  case PixelType::Int16:
    return visit(volume.view<std::int16_t>());
  case PixelType::UInt16:
    return visit(volume.view<std::uint16_t>());
  case PixelType::Float32:
    return visit(volume.view<float>());
  }
  throw InvalidArgument("isosurface: unsupported pixel type");
}

} // namespace cumed::surface::detail
