#pragma once
// Internal: the checked inputs of a pathline trace, as both backends read them.
#include "cumed/piv/PathlineTracing.h"
#include "src/PathlineStep.h"

#include <cstdint>
#include <vector>

namespace cumed::piv::detail {

/// The fields' velocities (u, v / displacementTime) and blocked bytes, one after the other, on
/// the grid of the first field.
struct FlowArrays {
  int columns = 0, rows = 0, fields = 0;
  float originX = 0, originY = 0, spacingX = 1, spacingY = 1;
  std::vector<float> u, v;
  std::vector<std::uint8_t> blocked;

  FlowGrid<float> grid() const {
    return {columns,  rows,     fields,   originX,  originY,
            spacingX, spacingY, u.data(), v.data(), blocked.data()};
  }
};

/// The CPU loop over the seeds, for either precision.
template <class Real, class Seed>
void TraceOnCpu(const FlowGrid<Real>& grid, const Stepping<Real>& stepping,
                const std::vector<Seed>& seeds, std::vector<Real>& x, std::vector<Real>& y,
                std::vector<Real>& speed, std::vector<int>& length) {
  const std::size_t points = std::size_t(stepping.steps) + 1;
  x.assign(seeds.size() * points, Real(0));
  y.assign(x.size(), Real(0));
  speed.assign(x.size(), Real(0));
  length.assign(seeds.size(), 0);
  for (std::size_t s = 0; s < seeds.size(); ++s)
    length[s] = TraceSeed(grid, stepping, Real(seeds[s][0]), Real(seeds[s][1]),
                          x.data() + s * points, y.data() + s * points, speed.data() + s * points);
}

} // namespace cumed::piv::detail
