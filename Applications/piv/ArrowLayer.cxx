#include "ArrowLayer.h"

#include "cumed/piv/ArrowGlyphs.h"
#include "cumed/piv/DerivedFields.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace cumed::pivapp {

const char* ToString(ArrowColour colour) noexcept {
  return colour == ArrowColour::Vorticity ? "vorticity" : "magnitude";
}

namespace {

/// The colour range over the drawn arrows: magnitude from its lowest to its highest value,
/// vorticity symmetric about 0 (so no rotation sits mid-table); never empty.
std::array<double, 2> ColourRange(const piv::PivField& field, const std::vector<float>& values,
                                  ArrowColour colour) {
  double low = HUGE_VAL, high = -HUGE_VAL;
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (!piv::ArrowVisible(field.flags[i], field.u[i], field.v[i], values[i])) continue;
    low = std::min(low, double(values[i]));
    high = std::max(high, double(values[i]));
  }
  if (low > high) low = high = 0.0; // nothing drawn
  if (colour == ArrowColour::Vorticity) {
    const double extent = std::max(std::abs(low), std::abs(high));
    low = -extent;
    high = extent;
  }
  if (!(high > low)) high = low + 1.0;
  return {low, high};
}

/// Arrow length per px of displacement: the longest drawn arrow spans one grid step.
float ArrowScale(const piv::PivField& field, const std::vector<float>& values) {
  double longest = 0.0;
  for (std::size_t i = 0; i < field.size(); ++i)
    if (piv::ArrowVisible(field.flags[i], field.u[i], field.v[i], values[i]))
      longest = std::max(longest, std::hypot(double(field.u[i]), double(field.v[i])));
  return longest > 0 && field.step > 0 ? float(field.step / longest) : 1.f;
}

} // namespace

MeshLayer MakeArrowLayer(const piv::PivField& field, const ImageGeometry& frame,
                         const ArrowStyle& style) {
  const piv::DerivedFields derived =
      piv::ComputeDerivedFields(field, {style.timeBetweenFrames, style.pixelSize});
  const std::vector<float>& values =
      style.colour == ArrowColour::Vorticity ? derived.vorticity : derived.magnitude;
  piv::ArrowGlyphOptions options;
  options.scale = ArrowScale(field, values);
  // In front of the frame (z = 0) as the camera, on -z, sees it.
  options.z = -1.f;
  options.backend = field.backendUsed == Backend::CUDA ? Backend::CUDA : Backend::CPU;
  piv::ArrowGlyphs glyphs = piv::BuildArrowGlyphs(field, values, options);

  return MakeMeshLayer(glyphs.host, glyphs.device, ToString(style.colour),
                       ColourRange(field, values, style.colour), frame);
}

} // namespace cumed::pivapp
