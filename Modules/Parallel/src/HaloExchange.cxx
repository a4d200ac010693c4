#include "cumed/parallel/HaloExchange.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <climits>
#include <string>

namespace cumed::parallel {

namespace {

Slab Intersect(const Slab& a, const Slab& b) {
  const Slab both{std::max(a.begin, b.begin), std::min(a.end, b.end)};
  return both.empty() ? Slab{} : both;
}

MPI_Datatype PlaneType(std::size_t bytesPerPlane) {
  if (bytesPerPlane == 0 || bytesPerPlane > std::size_t(INT_MAX))
    throw InvalidArgument("halo exchange: a plane of " + std::to_string(bytesPerPlane) +
                          " bytes (1 to 2^31 - 1 bytes per plane)");
  MPI_Datatype type;
  CUMED_MPI_CHECK(MPI_Type_contiguous(int(bytesPerPlane), MPI_BYTE, &type));
  CUMED_MPI_CHECK(MPI_Type_commit(&type));
  return type;
}

std::int64_t PlaneCount(const std::vector<Slab>& slabs) {
  return slabs.empty() ? 0 : slabs.back().end;
}

} // namespace

HaloExtent HaloOf(const std::vector<Slab>& slabs, int rank, std::int64_t haloBelow,
                  std::int64_t haloAbove) {
  if (haloBelow < 0 || haloAbove < 0)
    throw InvalidArgument("halo exchange: negative halo (" + std::to_string(haloBelow) + ", " +
                          std::to_string(haloAbove) + " planes)");
  if (rank < 0 || std::size_t(rank) >= slabs.size())
    throw InvalidArgument("halo exchange: rank " + std::to_string(rank) + " of " +
                          std::to_string(slabs.size()) + " slabs");
  HaloExtent extent;
  extent.owned = slabs[std::size_t(rank)];
  if (extent.owned.empty()) {
    extent.below = extent.above = extent.owned; // an empty slab needs no halo
    return extent;
  }
  extent.below = {std::max<std::int64_t>(0, extent.owned.begin - haloBelow), extent.owned.begin};
  extent.above = {extent.owned.end, std::min(PlaneCount(slabs), extent.owned.end + haloAbove)};
  return extent;
}

HaloExchange::HaloExchange(const Communicator& comm, std::vector<Slab> slabs,
                           std::size_t bytesPerPlane, std::int64_t haloBelow,
                           std::int64_t haloAbove)
    : comm_(comm), slabs_(std::move(slabs)), bytesPerPlane_(bytesPerPlane), haloBelow_(haloBelow),
      haloAbove_(haloAbove) {
  if (slabs_.size() != std::size_t(comm_.size()))
    throw InvalidArgument("halo exchange: " + std::to_string(slabs_.size()) + " slabs for " +
                          std::to_string(comm_.size()) + " ranks");
  CheckPartition(slabs_, PlaneCount(slabs_));
  extent_ = HaloOf(slabs_, comm_.rank(), haloBelow_, haloAbove_);
  planeType_ = PlaneType(bytesPerPlane_);
}

HaloExchange::~HaloExchange() {
  if (!requests_.empty()) {
    // Never leave MPI writing into memory the caller may free: wait (errors ignored here).
    MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  }
  if (planeType_ != MPI_DATATYPE_NULL) MPI_Type_free(&planeType_);
}

void HaloExchange::start(void* planes) {
  auto* bytes = static_cast<char*>(planes);
  const int me = comm_.rank();
  const std::int64_t first = extent_.all().begin;
  for (int other = 0; other < int(slabs_.size()); ++other) {
    if (other == me) continue;
    // What I receive from `other`: my halos' planes it owns (tag 0 below, 1 above).
    const Slab theirs = slabs_[std::size_t(other)];
    const Slab parts[2] = {Intersect(extent_.below, theirs), Intersect(extent_.above, theirs)};
    for (int tag = 0; tag < 2; ++tag) {
      if (parts[tag].empty()) continue;
      requests_.emplace_back();
      CUMED_MPI_CHECK(MPI_Irecv(bytes + std::size_t(parts[tag].begin - first) * bytesPerPlane_,
                                int(parts[tag].planes()), planeType_, other, tag, comm_.native(),
                                &requests_.back()));
    }
    // What I send to `other`: its halos' planes that I own.
    const HaloExtent need = HaloOf(slabs_, other, haloBelow_, haloAbove_);
    const Slab sends[2] = {Intersect(need.below, extent_.owned),
                           Intersect(need.above, extent_.owned)};
    for (int tag = 0; tag < 2; ++tag) {
      if (sends[tag].empty()) continue;
      requests_.emplace_back();
      CUMED_MPI_CHECK(MPI_Isend(bytes + std::size_t(sends[tag].begin - first) * bytesPerPlane_,
                                int(sends[tag].planes()), planeType_, other, tag, comm_.native(),
                                &requests_.back()));
    }
  }
}

void HaloExchange::finish() {
  if (requests_.empty()) return;
  const int code = MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  requests_.clear();
  CUMED_MPI_CHECK(code);
}

namespace {

/// Counts and displacements in planes for Gatherv/Scatterv.
void CountsOf(const std::vector<Slab>& slabs, std::vector<int>& counts,
              std::vector<int>& displacements) {
  for (const auto& slab : slabs) {
    if (slab.end > INT_MAX) throw InvalidArgument("gather: more than 2^31 planes");
    counts.push_back(int(slab.planes()));
    displacements.push_back(int(slab.begin));
  }
}

} // namespace

void GatherSlabs(const Communicator& comm, const std::vector<Slab>& slabs,
                 std::size_t bytesPerPlane, const void* owned, void* whole) {
  CheckPartition(slabs, PlaneCount(slabs));
  MPI_Datatype plane = PlaneType(bytesPerPlane);
  std::vector<int> counts, displacements;
  CountsOf(slabs, counts, displacements);
  const int code = MPI_Gatherv(owned, counts[std::size_t(comm.rank())], plane, whole, counts.data(),
                               displacements.data(), plane, 0, comm.native());
  MPI_Type_free(&plane);
  CUMED_MPI_CHECK(code);
}

void ScatterSlabs(const Communicator& comm, const std::vector<Slab>& slabs,
                  std::size_t bytesPerPlane, const void* whole, void* owned) {
  CheckPartition(slabs, PlaneCount(slabs));
  MPI_Datatype plane = PlaneType(bytesPerPlane);
  std::vector<int> counts, displacements;
  CountsOf(slabs, counts, displacements);
  const int code = MPI_Scatterv(whole, counts.data(), displacements.data(), plane, owned,
                                counts[std::size_t(comm.rank())], plane, 0, comm.native());
  MPI_Type_free(&plane);
  CUMED_MPI_CHECK(code);
}

} // namespace cumed::parallel
