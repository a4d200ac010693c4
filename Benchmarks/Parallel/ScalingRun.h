#pragma once
// The timed stages of one benchmark run on every rank, reduced over the ranks.
#include "ScalingArguments.h"
#include "TileSource.h"

#include "cumed/parallel/Communicator.h"

#include <array>
#include <cstdint>

namespace cumed::scaling {

enum Stage { kBuild, kHalo, kClose, kIso, kScan, kStageCount };
inline constexpr const char* kStageNames[kStageCount] = {"build", "halo", "close", "iso", "scan"};

struct ScalingResult {
  /// Per stage: the slowest rank's seconds, median over the repeats.
  std::array<double, kStageCount> seconds{};
  double totalSeconds = 0;     ///< median over the repeats of the sum of the stages' maxima
  double broadcastSeconds = 0; ///< rank 0's tile to every rank, once (not in the total)
  std::int64_t triangles = 0;
  std::int64_t points = 0;
  /// Halo bytes received per repeat (closing halo + isosurface halo): the largest of a rank, and
  /// the sum over ranks (sent = received in total).
  std::int64_t maxRankHaloBytes = 0;
  std::int64_t totalHaloBytes = 0;
  std::int64_t closingHaloPlanes = 0; ///< per side
  std::int64_t isoHaloPlanesBelow = 0, isoHaloPlanesAbove = 0;
  std::int64_t planeBytes = 0;
  int device = -1; ///< rank 0's CUDA device, -1: CPU
};

/// Every rank calls this with the same arguments and the broadcast tile. Any rank's failure
/// throws RankFailed on every rank.
ScalingResult RunScaling(const parallel::Communicator& comm, const ScalingArguments& arguments,
                         const CtTile& tile);

} // namespace cumed::scaling
