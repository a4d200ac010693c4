#include "PathlineLayer.h"

#include "cumed/piv/PathlineRibbons.h"

#include <algorithm>
#include <cmath>

namespace cumed::pivapp {

namespace {

/// Lowest to highest speed over the lines' points (the host copy, as both backends keep one);
/// never empty.
std::array<double, 2> SpeedRange(const piv::PathlineSet& lines) {
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

MeshLayer MakePathlineLayer(const piv::PathlineSet& lines, float width,
                            const ImageGeometry& frame) {
  piv::PathlineRibbonOptions options;
  options.width = width;
  options.colour = piv::RibbonColour::Speed;
  options.z = -1.f; // in front of the frame, as the camera (on -z) sees it
  const piv::PathlineRibbons ribbons = piv::BuildPathlineRibbons(lines, options);
  return MakeMeshLayer(ribbons.host, ribbons.device, "speed", SpeedRange(lines), frame);
}

} // namespace cumed::pivapp
