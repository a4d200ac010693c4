#include "src/LevelTables.h"

#include "cumed/core/Error.h"
#include "src/DisplacementFieldBackends.h"

#include <limits>
#include <stdexcept>
#include <string>

namespace cumed::registration::detail {
namespace {

constexpr const char* kAxisName[3] = {"x", "y", "z"};

/// firstVoxel/lastVoxel of every control point of one axis. The gathers of the adjoint need the
/// fixed indices holding a control point to be contiguous, which a monotone map from fixed to grid
/// index guarantees; it is checked rather than assumed.
void FillRanges(LevelTables& t, int axis, std::int64_t gridSize) {
  const std::vector<std::int32_t>& start = t.start[axis];
  std::vector<std::int32_t>& first = t.firstVoxel[axis];
  std::vector<std::int32_t>& last = t.lastVoxel[axis];
  first.assign(static_cast<std::size_t>(gridSize), 0);
  last.assign(static_cast<std::size_t>(gridSize), -1);
  std::vector<std::int64_t> count(static_cast<std::size_t>(gridSize), 0);
  for (std::size_t i = 0; i < start.size(); ++i) {
    if (start[i] < 0) continue;
    for (std::int32_t c = start[i]; c < start[i] + 4; ++c) {
      if (count[c]++ == 0) first[c] = static_cast<std::int32_t>(i);
      last[c] = static_cast<std::int32_t>(i);
    }
  }
  for (std::int64_t c = 0; c < gridSize; ++c)
    if (count[c] != 0 && count[c] != last[c] - first[c] + 1)
      throw std::logic_error(
          "MakeLevelTables: the fixed indices whose support holds control point " +
          std::to_string(c) + " along " + kAxisName[axis] + " are not contiguous");
}

} // namespace

LevelTables MakeLevelTables(const Sampling& s) {
  for (int axis = 0; axis < 3; ++axis)
    if (s.fixedSize[axis] > std::numeric_limits<std::int32_t>::max() ||
        s.gridSize[axis] > std::numeric_limits<std::int32_t>::max())
      throw InvalidArgument("MakeLevelTables: " + std::string(kAxisName[axis]) + " size " +
                            std::to_string(s.fixedSize[axis]) + " (grid " +
                            std::to_string(s.gridSize[axis]) + ") does not fit in 32 bits");
  const std::vector<AxisSupport> supports = SeparableSupports(s);
  if (supports.empty())
    throw InvalidArgument("MakeLevelTables: the fixed image's axes are not the control grid's "
                          "(the registration builds the grid on the fixed image's directions)");
  LevelTables t;
  std::size_t next = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const std::size_t n = static_cast<std::size_t>(s.fixedSize[axis]);
    t.start[axis].resize(n);
    t.weight[axis].resize(4 * n);
    for (std::size_t i = 0; i < n; ++i, ++next) {
      const AxisSupport& support = supports[next];
      t.start[axis][i] = static_cast<std::int32_t>(support.start);
      for (int a = 0; a < 4; ++a) t.weight[axis][4 * i + a] = static_cast<float>(support.w[a]);
    }
    FillRanges(t, axis, s.gridSize[axis]);
  }
  return t;
}

void PointAxes(LevelGeometry& g, const LevelTables& t) {
  for (int axis = 0; axis < 3; ++axis)
    g.axis[axis] = AxisTable{t.start[axis].data(), t.weight[axis].data(), t.firstVoxel[axis].data(),
                             t.lastVoxel[axis].data()};
}

} // namespace cumed::registration::detail
