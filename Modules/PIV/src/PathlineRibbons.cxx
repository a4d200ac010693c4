#include "cumed/piv/PathlineRibbons.h"

#include "cumed/core/Error.h"
#include "src/PivEngine.h"
#include "src/RibbonGeometry.h"

#include <cmath>
#include <string>

namespace cumed::piv {

namespace {

detail::RibbonShape CheckedShape(const PathlineSet& lines, const PathlineRibbonOptions& o) {
  if (!std::isfinite(o.width) || !(o.width > 0))
    throw InvalidArgument("pathline ribbons: width = " + std::to_string(o.width) +
                          " is out of range: expected a positive number of px");
  if (!std::isfinite(o.z))
    throw InvalidArgument("pathline ribbons: z = " + std::to_string(o.z) +
                          " is out of range: expected a finite number");
  if (lines.seeds < 0 || lines.pointsPerLine < 1)
    throw InvalidArgument("pathline ribbons: the lines have " + std::to_string(lines.seeds) +
                          " seeds of " + std::to_string(lines.pointsPerLine) +
                          " points: expected at least one point per line");
  const std::size_t n = std::size_t(lines.seeds) * std::size_t(lines.pointsPerLine);
  if (!lines.device && (lines.x.size() != n || lines.y.size() != n || lines.speed.size() != n ||
                        lines.length.size() != std::size_t(lines.seeds)))
    throw InvalidArgument("pathline ribbons: the lines need x, y and speed of seeds x "
                          "pointsPerLine = " +
                          std::to_string(n) + " values and one length per seed; they have " +
                          std::to_string(lines.x.size()) + " x values and " +
                          std::to_string(lines.length.size()) + " lengths");
  return {0.5f * o.width,
          o.z,
          o.z < 0 ? -1.f : 1.f,
          float(lines.timeStep),
          o.colour == RibbonColour::Time,
          lines.pointsPerLine};
}

} // namespace

PathlineRibbons BuildPathlineRibbons(const PathlineSet& lines,
                                     const PathlineRibbonOptions& options) {
  const detail::RibbonShape shape = CheckedShape(lines, options);
  PathlineRibbons ribbons;
  // Built where the lines are: on the device when the CUDA backend traced them.
  ribbons.backendUsed = lines.device ? Backend::CUDA : Backend::CPU;
  detail::MakePivEngine(ribbons.backendUsed)->ribbons(lines, shape, ribbons);
  return ribbons;
}

} // namespace cumed::piv
