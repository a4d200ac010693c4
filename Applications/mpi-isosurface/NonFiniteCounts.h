#pragma once
// NaN/inf in the volume and in the surface, summed over the ranks: outputs hold them only where
// the volume did (the isosurface library refuses to make them from finite values), and then the
// summary says how many (Documentation/reliability.md, "Numbers").
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/RankVolume.h"

#include <cstdint>

namespace cumed::mpiisosurfaceapp {

struct NonFiniteCounts {
  std::int64_t voxels = 0; ///< of every rank's own planes (halo planes are another rank's)
  std::int64_t points = 0; ///< point coordinates of every rank's piece
};

/// Collective: every rank calls it; every rank gets the totals.
NonFiniteCounts CountNonFiniteValues(const parallel::Communicator& world,
                                     const parallel::RankVolume& input,
                                     const surface::IsosurfaceOptions& options,
                                     const parallel::DistributedIsosurfaceResult& result);

} // namespace cumed::mpiisosurfaceapp
