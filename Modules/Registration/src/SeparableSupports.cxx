#include "src/DisplacementFieldBackends.h"

#include <cmath>

namespace cumed::registration::detail {

std::vector<AxisSupport> SeparableSupports(const Sampling& s) {
  // Grid index per fixed index: A = physicalToGridIndex * fixedIndexToPhysical. Separable when
  // the off-diagonal terms move no index by more than 1e-9 of a cell anywhere in the fixed grid
  // (equal directions leave rounding only, about 1e-16).
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      if (r == c) continue;
      double a = 0.0;
      for (int m = 0; m < 3; ++m)
        a += s.physicalToGridIndex[3 * r + m] * s.fixedIndexToPhysical[3 * m + c];
      if (std::fabs(a) * static_cast<double>(s.fixedSize[c]) > 1e-9) return {};
    }
  std::vector<AxisSupport> supports;
  supports.reserve(static_cast<std::size_t>(s.fixedSize[0] + s.fixedSize[1] + s.fixedSize[2]));
  for (int axis = 0; axis < 3; ++axis)
    for (std::int64_t n = 0; n < s.fixedSize[axis]; ++n) {
      std::int64_t at[3] = {0, 0, 0};
      at[axis] = n;
      double index[3];
      GridIndexOf(s, at[0], at[1], at[2], index);
      supports.push_back(SupportAt(index[axis], s.gridSize[axis]));
    }
  return supports;
}

} // namespace cumed::registration::detail
