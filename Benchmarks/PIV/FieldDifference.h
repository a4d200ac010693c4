#pragma once
// The benchmarks' agreement figure between two fields of one grid.
#include "cumed/piv/PivField.h"

#include <algorithm>
#include <cmath>

namespace cumed::piv::benchmark {

/// The largest |u| or |v| difference (px) over the vectors whose flags agree.
inline double LargestDifference(const PivField& a, const PivField& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a.flags[i] == b.flags[i])
      worst =
          std::max({worst, double(std::abs(a.u[i] - b.u[i])), double(std::abs(a.v[i] - b.v[i]))});
  return worst;
}

} // namespace cumed::piv::benchmark
