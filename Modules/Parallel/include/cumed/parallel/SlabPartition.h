#pragma once
// How a volume's z-planes are shared among ranks: contiguous slabs in rank order, possibly of
// different thickness, possibly empty (more ranks than planes, or a rank given nothing).
#include <cstdint>
#include <vector>

namespace cumed::parallel {

/// Planes [begin, end) of the whole volume.
struct Slab {
  std::int64_t begin = 0;
  std::int64_t end = 0;
  std::int64_t planes() const noexcept { return end - begin; }
  bool empty() const noexcept { return end <= begin; }
  bool operator==(const Slab& other) const noexcept {
    return begin == other.begin && end == other.end;
  }
};

/// `planes` split over `ranks` as evenly as possible (the first planes % ranks slabs one plane
/// thicker); ranks beyond the number of planes get empty slabs. Throws InvalidArgument for
/// ranks < 1 or planes < 0.
std::vector<Slab> PartitionPlanes(std::int64_t planes, int ranks);

/// Slabs from their thicknesses in rank order (tests and users who balance by hand); throws
/// InvalidArgument for a negative thickness.
std::vector<Slab> SlabsOfThicknesses(const std::vector<std::int64_t>& thicknesses);

/// Throws InvalidArgument unless `slabs` cover [0, planes) contiguously in order.
void CheckPartition(const std::vector<Slab>& slabs, std::int64_t planes);

} // namespace cumed::parallel
