#pragma once
// The z-planes a rank needs beyond its own slab (ghost or halo planes) fetched from the ranks
// that own them, with nonblocking sends and receives so the caller computes the slab's interior
// meanwhile. Halos thicker than a neighbour's slab come from several ranks (thin slabs, empty
// ranks); halos stop at the volume's borders.
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/SlabPartition.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cumed::parallel {

/// The planes a rank holds: its halo below, its own slab, its halo above, clipped to the volume.
struct HaloExtent {
  Slab below; ///< [max(0, begin - haloBelow), begin)
  Slab owned;
  Slab above; ///< [end, min(planes, end + haloAbove))
  /// The whole range [below.begin, above.end) (for an empty slab: empty).
  Slab all() const noexcept { return {below.begin, above.end}; }
};

/// The extent of `rank` for halos of `haloBelow` and `haloAbove` planes (>= 0). An empty slab
/// needs no halo.
HaloExtent HaloOf(const std::vector<Slab>& slabs, int rank, std::int64_t haloBelow,
                  std::int64_t haloAbove);

/// One exchange: start() posts every send and receive, finish() waits for them. Every rank of
/// the partition must take part with the same slabs, plane size and halo widths.
class HaloExchange {
public:
  HaloExchange(const Communicator& comm, std::vector<Slab> slabs, std::size_t bytesPerPlane,
               std::int64_t haloBelow, std::int64_t haloAbove);
  ~HaloExchange();
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;

  const HaloExtent& extent() const noexcept { return extent_; }

  /// `planes` holds this rank's extent().all() planes in order (halo below, own slab, halo
  /// above); the own slab's planes are sent, the halos received into it. Returns at once.
  void start(void* planes);
  /// Waits until this rank's halos have arrived and its sends have completed.
  void finish();

private:
  Communicator comm_;
  std::vector<Slab> slabs_;
  std::size_t bytesPerPlane_;
  std::int64_t haloBelow_, haloAbove_;
  HaloExtent extent_;
  std::vector<MPI_Request> requests_;
  MPI_Datatype planeType_ = MPI_DATATYPE_NULL;
};

/// Rank 0 receives every rank's own slab into `whole` (all planes; ignored elsewhere); each rank
/// sends `owned` (its slab's planes).
void GatherSlabs(const Communicator& comm, const std::vector<Slab>& slabs,
                 std::size_t bytesPerPlane, const void* owned, void* whole);

/// Every rank receives its own slab from rank 0's `whole` (the opposite of GatherSlabs).
void ScatterSlabs(const Communicator& comm, const std::vector<Slab>& slabs,
                  std::size_t bytesPerPlane, const void* whole, void* owned);

} // namespace cumed::parallel
