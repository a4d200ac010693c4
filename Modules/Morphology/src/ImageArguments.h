#pragma once
// Internal: the checks every morphology entry point makes on its images.
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/morphology/StructuringElement.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace cumed::morphology::detail {

inline std::string SizeText(const std::array<std::size_t, 3>& s) {
  return std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
}

/// Checks shared by every entry point: data, scalar pixels, equal sizes and locations.
template <class TIn, class TOut>
void CheckViews(const ImageView<const TIn>& input, const ImageView<TOut>& output) {
  if (!input.data || !output.data) throw InvalidArgument("morphology: null image data");
  if (input.components != 1 || output.components != 1)
    throw InvalidArgument("morphology: scalar images only, but the input has " +
                          std::to_string(input.components) + " and the output " +
                          std::to_string(output.components) + " components per pixel");
  if (input.geometry.size != output.geometry.size)
    throw InvalidArgument("morphology: output size " + SizeText(output.geometry.size) +
                          " differs from input size " + SizeText(input.geometry.size));
  if (input.location != output.location)
    throw InvalidArgument(std::string("morphology: input is in ") + ToString(input.location) +
                          " memory but output in " + ToString(output.location) + " memory");
  input.geometry.validate();
}

/// CheckViews, and the output must not overwrite the input (the filters read neighbours).
template <class T>
void CheckImageArguments(const ImageView<const T>& input, const ImageView<T>& output) {
  CheckViews(input, output);
  if (static_cast<const void*>(input.data) == static_cast<const void*>(output.data))
    throw InvalidArgument("morphology: input and output must be different buffers");
}

/// The work volume is the image padded by the element's reach on every side (SafeBorder pads
/// so; every pass reads that halo). Past 8 times the image and past 2^27 voxels the element is out
/// of proportion to the image: refused before any backend allocates, naming both sizes.
inline void CheckElementFitsImage(const StructuringElement& element,
                                  const std::array<std::size_t, 3>& size) {
  const std::array<int, 3> reach = element.reach();
  double image = 1.0, padded = 1.0;
  for (int i = 0; i < 3; ++i) {
    image *= static_cast<double>(size[i]);
    padded *= static_cast<double>(size[i]) + 2.0 * reach[i];
  }
  const double limit =
      std::max(8.0 * image, static_cast<double>(StructuringElement::kMaxBoxVoxels));
  if (padded <= limit) return;
  char text[96];
  std::snprintf(text, sizeof text, "%g voxels, more than %g", padded, limit);
  throw InvalidArgument("morphology: a structuring element of radius " + std::to_string(reach[0]) +
                        "x" + std::to_string(reach[1]) + "x" + std::to_string(reach[2]) +
                        " pads the " + SizeText(size) + " image to " + text +
                        " (8 times the image, at least 2^27): the element is out of proportion "
                        "to the image");
}

inline void RequireHostForCpu(MemoryLocation location) {
  if (location != MemoryLocation::Host)
    throw InvalidArgument("morphology: the CPU backend needs host images, but the input is in "
                          "device memory (use the CUDA backend, or Image::toHost())");
}

} // namespace cumed::morphology::detail
