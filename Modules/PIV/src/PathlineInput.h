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

} // namespace cumed::piv::detail
