#include "SlabBlocks.h"

#include "cumed/parallel/SlabGeometry.h"

#include <algorithm>

namespace cumed::parallel {

ImageGeometry PlanesGeometry(const ImageGeometry& global, const Slab& planes) {
  ImageGeometry geometry = global;
  geometry.size[2] = std::size_t(std::max<std::int64_t>(0, planes.planes()));
  const double shift = double(planes.begin) * global.spacing[2];
  for (int i = 0; i < 3; ++i) geometry.origin[i] += global.direction[3 * i + 2] * shift;
  return geometry;
}

namespace detail {

BlockPlan PlanBlocks(const HaloExtent& extent, std::int64_t planes, std::int64_t halo) {
  BlockPlan plan;
  const Slab own = extent.owned;
  if (own.empty()) return plan;
  const Slab all = extent.all();
  // Planes of the own slab at least `halo` away from each cut come out right from the slab alone.
  const Slab interior{own.begin + (own.begin > 0 ? halo : 0),
                      own.end - (own.end < planes ? halo : 0)};
  if (interior.empty()) { // a thin slab: everything needs the halo
    plan.border.push_back({all, own});
    return plan;
  }
  plan.interior.push_back({own, interior});
  if (interior.begin > own.begin)
    plan.border.push_back(
        {{all.begin, std::min(all.end, interior.begin + halo)}, {own.begin, interior.begin}});
  if (interior.end < own.end)
    plan.border.push_back(
        {{std::max(all.begin, interior.end - halo), all.end}, {interior.end, own.end}});
  return plan;
}

} // namespace detail
} // namespace cumed::parallel
