#include "cumed/parallel/SlabPartition.h"

#include "cumed/core/Error.h"

#include <string>

namespace cumed::parallel {

std::vector<Slab> PartitionPlanes(std::int64_t planes, int ranks) {
  if (ranks < 1) throw InvalidArgument("slab partition: " + std::to_string(ranks) + " ranks");
  if (planes < 0) throw InvalidArgument("slab partition: " + std::to_string(planes) + " planes");
  std::vector<Slab> slabs(static_cast<std::size_t>(ranks));
  const std::int64_t base = planes / ranks, thicker = planes % ranks;
  std::int64_t begin = 0;
  for (int rank = 0; rank < ranks; ++rank) {
    const std::int64_t thickness = base + (rank < thicker ? 1 : 0);
    slabs[std::size_t(rank)] = {begin, begin + thickness};
    begin += thickness;
  }
  return slabs;
}

std::vector<Slab> SlabsOfThicknesses(const std::vector<std::int64_t>& thicknesses) {
  std::vector<Slab> slabs;
  std::int64_t begin = 0;
  for (std::size_t rank = 0; rank < thicknesses.size(); ++rank) {
    if (thicknesses[rank] < 0)
      throw InvalidArgument("slab partition: rank " + std::to_string(rank) + " is given " +
                            std::to_string(thicknesses[rank]) + " planes");
    slabs.push_back({begin, begin + thicknesses[rank]});
    begin += thicknesses[rank];
  }
  return slabs;
}

void CheckPartition(const std::vector<Slab>& slabs, std::int64_t planes) {
  std::int64_t expected = 0;
  for (std::size_t rank = 0; rank < slabs.size(); ++rank) {
    if (slabs[rank].begin != expected || slabs[rank].end < slabs[rank].begin)
      throw InvalidArgument("slab partition: rank " + std::to_string(rank) + " holds planes [" +
                            std::to_string(slabs[rank].begin) + ", " +
                            std::to_string(slabs[rank].end) + "), expected to start at " +
                            std::to_string(expected));
    expected = slabs[rank].end;
  }
  if (expected != planes)
    throw InvalidArgument("slab partition: the slabs cover " + std::to_string(expected) +
                          " planes of " + std::to_string(planes));
}

} // namespace cumed::parallel
