#include "cumed/piv/PictureMeshes.h"

#include "cumed/piv/ArrowGlyphs.h"
#include "cumed/piv/DerivedFields.h"
#include "cumed/piv/PathlineRibbons.h"

#include <algorithm>
#include <cmath>

namespace cumed::piv {

const char* ToString(ArrowColour colour) noexcept {
  return colour == ArrowColour::Vorticity ? "vorticity" : "magnitude";
}

namespace {

/// The colour range over the drawn arrows: magnitude from its lowest to its highest value,
/// vorticity symmetric about 0 (so no rotation sits mid-table); never empty.
std::array<double, 2> ColourRange(const PivField& field, const std::vector<float>& values,
                                  ArrowColour colour) {
  double low = HUGE_VAL, high = -HUGE_VAL;
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (!ArrowVisible(field.flags[i], field.u[i], field.v[i], values[i])) continue;
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
float ArrowScale(const PivField& field, const std::vector<float>& values) {
  double longest = 0.0;
  for (std::size_t i = 0; i < field.size(); ++i)
    if (ArrowVisible(field.flags[i], field.u[i], field.v[i], values[i]))
      longest = std::max(longest, std::hypot(double(field.u[i]), double(field.v[i])));
  return longest > 0 && field.step > 0 ? float(field.step / longest) : 1.f;
}

/// Lowest to highest speed over the lines' points (the host copy, as both backends keep one);
/// never empty.
std::array<double, 2> SpeedRange(const PathlineSet& lines) {
  double low = HUGE_VAL, high = -HUGE_VAL;
  for (int s = 0; s < lines.seeds; ++s)
    for (int n = 0; n < lines.length[std::size_t(s)]; ++n) {
      const double v = lines.speed[std::size_t(s) * lines.pointsPerLine + n];
      low = std::min(low, v);
      high = std::max(high, v);
    }
  if (low > high) low = high = 0.0;
  if (!(high > low)) high = low + 1.0;
  return {low, high};
}

} // namespace

ColouredMesh BuildArrowPicture(const PivField& field, const ArrowStyle& style) {
  const DerivedFields derived =
      ComputeDerivedFields(field, {style.timeBetweenFrames, style.pixelSize});
  const std::vector<float>& values =
      style.colour == ArrowColour::Vorticity ? derived.vorticity : derived.magnitude;
  ArrowGlyphOptions options;
  options.scale = ArrowScale(field, values);
  // In front of the frame (z = 0) as the camera, on -z, sees it.
  options.z = -1.f;
  options.backend = field.backendUsed == Backend::CUDA ? Backend::CUDA : Backend::CPU;
  ArrowGlyphs glyphs = BuildArrowGlyphs(field, values, options);
  ColouredMesh mesh;
  mesh.host = std::move(glyphs.host);
  mesh.device = std::move(glyphs.device);
  mesh.colourName = ToString(style.colour);
  mesh.colourRange = ColourRange(field, values, style.colour);
  mesh.builtOn = mesh.device ? Backend::CUDA : Backend::CPU;
  return mesh;
}

ColouredMesh BuildPathlinePicture(const PathlineSet& lines, float width) {
  PathlineRibbonOptions options;
  options.width = width;
  options.colour = RibbonColour::Speed;
  options.z = -1.f; // in front of the frame, as the camera (on -z) sees it
  PathlineRibbons ribbons = BuildPathlineRibbons(lines, options);
  ColouredMesh mesh;
  mesh.host = std::move(ribbons.host);
  mesh.device = std::move(ribbons.device);
  mesh.colourName = "speed";
  mesh.colourRange = SpeedRange(lines);
  mesh.builtOn = mesh.device ? Backend::CUDA : Backend::CPU;
  return mesh;
}

} // namespace cumed::piv
