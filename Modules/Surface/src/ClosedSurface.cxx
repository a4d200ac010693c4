#include "cumed/surface/ClosedSurface.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/core/PixelType.h"
#include "cumed/morphology/BinaryThreshold.h"
#include "cumed/morphology/Pad.h"
#include "src/TypedVolume.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

namespace cumed::surface {
namespace {

std::string ValueText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// Rule 1: every value reached, and above the padding (else the padding is inside too).
template <class T>
std::uint64_t GuardValues(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                          double padding) {
  if (options.values.empty()) throw InvalidArgument("closed surface: no contour value given");
  for (std::size_t v = 0; v < options.values.size(); ++v)
    numbers::RequireFinite("closed surface: values[" + std::to_string(v) + "]", options.values[v]);
  std::uint64_t inside = 0;
  const double smallest = *std::min_element(options.values.begin(), options.values.end());
  for (const double value : options.values) {
    if (!(value > padding)) {
      throw InvalidArgument("closed surface: value " + ValueText(value) + " is not above the " +
                            "lowest " + ToString(PixelTypeOf<T>()) + " value " +
                            ValueText(padding) +
                            ", which pads the volume: the surface could not close");
    }
    const bool label = options.mode == ContourMode::Label;
    const std::uint64_t count = morphology::CountInRange(
        volume, value, label ? value : std::numeric_limits<double>::max(), options);
    if (count == 0) {
      throw InvalidArgument("closed surface: no voxel " +
                            std::string(label ? "equals label " : "reaches value ") +
                            ValueText(value) + ": the surface would be empty");
    }
    if (label)
      inside += count;
    else if (value == smallest)
      inside = count;
  }
  return inside;
}

} // namespace

template <class T>
ClosedSurfaceResult ExtractClosedSurface(const ImageView<const T>& volume,
                                         const IsosurfaceOptions& options) {
  const double padding = static_cast<double>(std::numeric_limits<T>::lowest());
  ClosedSurfaceResult result;
  result.voxelsInside = GuardValues(volume, options, padding);
  // Rule 2: one voxel of the lowest value around the volume, where the volume is.
  const std::array<int, 3> pad{1, 1, 1};
  Image padded = Image::Allocate(PixelTypeOf<T>(), morphology::PaddedGeometry(volume.geometry, pad),
                                 volume.location);
  morphology::PadConstant(volume, padded.view<T>(), pad, padding, options);
  // Rule 3: outward winding, also for a reflected direction.
  IsosurfaceOptions closed = options;
  closed.winding = Winding::Outward;
  static_cast<IsosurfaceResult&>(result) = ExtractIsosurface(padded, closed);
  return result;
}

ClosedSurfaceResult ExtractClosedSurface(const Image& volume, const IsosurfaceOptions& options) {
  return detail::VisitPixelType(
      volume, [&](const auto& view) { return ExtractClosedSurface(view, options); });
}

#define CUMED_INSTANTIATE_CLOSED_SURFACE(T)                                                        \
  template ClosedSurfaceResult ExtractClosedSurface<T>(const ImageView<const T>&,                  \
                                                       const IsosurfaceOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE_CLOSED_SURFACE)
#undef CUMED_INSTANTIATE_CLOSED_SURFACE

} // namespace cumed::surface
