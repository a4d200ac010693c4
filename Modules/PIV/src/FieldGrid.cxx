#include "cumed/piv/FieldGrid.h"

#include "src/PassGrid.h"

#include <algorithm>

namespace cumed::piv {

FieldGrid PlanFieldGrid(int width, int height, const PivOptions& options) {
  FieldGrid grid;
  if (options.windowSizes.empty()) return grid;
  const int w = options.windowSizes.back();
  const detail::PassGrid g = detail::PlanPass(width, height, w, options.overlap, 0, false);
  grid.windowSize = w;
  grid.step = g.step;
  grid.columns = width >= w && w > 0 ? g.columns : 0;
  grid.rows = height >= w && w > 0 ? g.rows : 0;
  grid.firstX = grid.firstY = detail::WindowCentre(g, 0);
  return grid;
}

ImageGeometry FieldGeometry(const FieldGrid& grid, const ImageGeometry& frames) {
  ImageGeometry g;
  g.size = {std::size_t(std::max(grid.columns, 0)), std::size_t(std::max(grid.rows, 0)), 1};
  g.spacing = {frames.spacing[0] * grid.step, frames.spacing[1] * grid.step, frames.spacing[2]};
  g.direction = frames.direction;
  const double x0 = grid.firstX * frames.spacing[0], y0 = grid.firstY * frames.spacing[1];
  for (int k = 0; k < 3; ++k)
    g.origin[k] =
        frames.origin[k] + frames.direction[3 * k] * x0 + frames.direction[3 * k + 1] * y0;
  return g;
}

} // namespace cumed::piv
