#pragma once
// Internal: which blocks of planes a rank filters, and which of their output planes it keeps.
// A block's output plane is right when the block reaches `halo` planes past it on both sides,
// or stops there at the volume's face (where the single-process filter stops too); planes
// nearer an artificial edge (a slab cut) are wrong and never kept.
#include "cumed/parallel/HaloExchange.h"

#include <cstdint>
#include <vector>

namespace cumed::parallel::detail {

/// Filter the planes `input`, keep its planes `output` (a sub-range of the rank's own slab).
struct BlockPass {
  Slab input;
  Slab output;
};

struct BlockPlan {
  /// Blocks inside the own slab: they need no halo and run while the exchange is in flight.
  std::vector<BlockPass> interior;
  /// Blocks that read halo planes: they run after the exchange has finished.
  std::vector<BlockPass> border;
};

/// The plan for a rank whose halo-extended planes are `extent` in a volume of `planes` planes.
BlockPlan PlanBlocks(const HaloExtent& extent, std::int64_t planes, std::int64_t halo);

} // namespace cumed::parallel::detail
