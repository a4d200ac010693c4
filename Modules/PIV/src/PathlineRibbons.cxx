#include "cumed/piv/PathlineRibbons.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "src/FlatMesh.h"
#include "src/RibbonGeometry.h"

#include <cmath>
#include <string>

#if CUMED_WITH_CUDA
#include "cuda/PathlineRibbonsCuda.h"
#endif

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
  if (lines.device) {
#if CUMED_WITH_CUDA
    ribbons.device = detail::BuildPathlineRibbonsCuda(*lines.device, lines.seeds, shape);
    ribbons.backendUsed = Backend::CUDA;
    return ribbons;
#endif
  }
  const int segments = lines.pointsPerLine - 1;
  const std::int64_t count = std::int64_t(lines.seeds) * segments;
  SurfaceMesh& mesh = ribbons.host;
  detail::ResizeFlatMesh(mesh, count, kRibbonPoints, kRibbonTriangles);
  for (int s = 0; s < lines.seeds; ++s)
    for (int n = 0; n < segments; ++n)
      detail::WriteRibbonSegment(s, n, lines.x.data(), lines.y.data(), lines.speed.data(),
                                 lines.length.data(), shape, mesh.points.data(),
                                 mesh.normals.data(), mesh.attributes[0].data(),
                                 mesh.triangles.data());
  ribbons.backendUsed = Backend::CPU;
  return ribbons;
}

} // namespace cumed::piv
