// The MPI layer's building blocks on however many ranks mpiexec started (1 to 4 in CTest): slab
// partitions, halo exchange (thin slabs, empty ranks, uneven splits, halos wider than a slab),
// gather/scatter, the exclusive scan, and collective failure (no hang, the same message).
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/HaloExchange.h"
#include "cumed/parallel/SlabPartition.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace cumed::parallel {
namespace {

constexpr std::size_t kPlaneValues = 37; // odd, so planes are not a power of two bytes

/// The value a plane-z element i holds in the whole volume.
std::int32_t ValueAt(std::int64_t z, std::size_t i) {
  return std::int32_t(z * 1000 + std::int64_t(i) * 7 % 991);
}

/// Partitions for `ranks` that stress the exchange: even, uneven, with empty ranks and slabs
/// thinner than the halos.
std::vector<std::vector<Slab>> PartitionsFor(int ranks) {
  std::vector<std::vector<Slab>> partitions{PartitionPlanes(23, ranks), PartitionPlanes(2, ranks)};
  std::vector<std::int64_t> thin(static_cast<std::size_t>(ranks));
  std::vector<std::int64_t> empties(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    thin[std::size_t(r)] = 1 + (r % 2);                 // 1, 2, 1, 2 planes
    empties[std::size_t(r)] = (r % 2 == 1) ? 0 : 4 + r; // every other rank holds nothing
  }
  partitions.push_back(SlabsOfThicknesses(thin));
  partitions.push_back(SlabsOfThicknesses(empties));
  return partitions;
}

TEST(SlabPartition, SplitsEvenlyInRankOrder) {
  const auto slabs = PartitionPlanes(10, 4);
  ASSERT_EQ(slabs.size(), 4u);
  EXPECT_EQ(slabs[0], (Slab{0, 3}));
  EXPECT_EQ(slabs[1], (Slab{3, 6}));
  EXPECT_EQ(slabs[2], (Slab{6, 8}));
  EXPECT_EQ(slabs[3], (Slab{8, 10}));
  const auto sparse = PartitionPlanes(2, 4);
  EXPECT_TRUE(sparse[2].empty() && sparse[3].empty());
  EXPECT_NO_THROW(CheckPartition(sparse, 2));
  EXPECT_THROW(CheckPartition(sparse, 3), InvalidArgument);
  EXPECT_THROW(PartitionPlanes(5, 0), InvalidArgument);
  EXPECT_THROW(SlabsOfThicknesses({2, -1}), InvalidArgument);
}

TEST(HaloExchange, EveryRankReceivesExactlyTheNeighbourPlanesItNeeds) {
  const Communicator world;
  for (const auto& slabs : PartitionsFor(world.size())) {
    for (const auto& halo : std::vector<std::pair<int, int>>{{1, 1}, {0, 1}, {3, 2}, {5, 5}}) {
      HaloExchange exchange(world, slabs, kPlaneValues * sizeof(std::int32_t), halo.first,
                            halo.second);
      const auto extent = exchange.extent();
      std::vector<std::int32_t> planes(std::size_t(extent.all().planes()) * kPlaneValues, -1);
      for (auto z = extent.owned.begin; z < extent.owned.end; ++z)
        for (std::size_t i = 0; i < kPlaneValues; ++i)
          planes[std::size_t(z - extent.all().begin) * kPlaneValues + i] = ValueAt(z, i);
      exchange.start(planes.data());
      exchange.finish();
      for (auto z = extent.all().begin; z < extent.all().end; ++z)
        for (std::size_t i = 0; i < kPlaneValues; i += 5)
          ASSERT_EQ(planes[std::size_t(z - extent.all().begin) * kPlaneValues + i], ValueAt(z, i))
              << "rank " << world.rank() << " plane " << z << " halo " << halo.first << "/"
              << halo.second << " of " << slabs.back().end << " planes";
    }
  }
}

TEST(HaloExchange, HalosStopAtTheVolumeBorders) {
  const std::vector<Slab> slabs = PartitionPlanes(8, 2);
  EXPECT_EQ(HaloOf(slabs, 0, 3, 2).below, (Slab{0, 0}));
  EXPECT_EQ(HaloOf(slabs, 0, 3, 2).above, (Slab{4, 6}));
  EXPECT_EQ(HaloOf(slabs, 1, 3, 2).below, (Slab{1, 4}));
  EXPECT_EQ(HaloOf(slabs, 1, 3, 2).above, (Slab{8, 8}));
  EXPECT_THROW(HaloOf(slabs, 0, -1, 0), InvalidArgument);
}

TEST(GatherSlabs, RoundTripsThroughRankZero) {
  const Communicator world;
  for (const auto& slabs : PartitionsFor(world.size())) {
    const auto planes = slabs.back().end;
    const auto& mine = slabs[std::size_t(world.rank())];
    std::vector<std::int32_t> whole;
    if (world.rank() == 0) {
      whole.resize(std::size_t(planes) * kPlaneValues);
      for (std::int64_t z = 0; z < planes; ++z)
        for (std::size_t i = 0; i < kPlaneValues; ++i)
          whole[std::size_t(z) * kPlaneValues + i] = ValueAt(z, i);
    }
    std::vector<std::int32_t> owned(std::size_t(mine.planes()) * kPlaneValues + 1, -1);
    ScatterSlabs(world, slabs, kPlaneValues * 4, whole.data(), owned.data());
    for (auto z = mine.begin; z < mine.end; ++z)
      ASSERT_EQ(owned[std::size_t(z - mine.begin) * kPlaneValues + 3], ValueAt(z, 3));
    std::vector<std::int32_t> gathered(world.rank() == 0 ? whole.size() : 0, -1);
    GatherSlabs(world, slabs, kPlaneValues * 4, owned.data(), gathered.data());
    if (world.rank() == 0) EXPECT_EQ(gathered, whole);
  }
}

TEST(ExclusiveScan, NumbersAcrossRanks) {
  const Communicator world;
  const auto result = ExclusiveScan(world, world.rank() + 1);
  const std::int64_t r = world.rank();
  EXPECT_EQ(result.offset, r * (r + 1) / 2);
  const std::int64_t n = world.size();
  EXPECT_EQ(result.total, n * (n + 1) / 2);
}

TEST(RunCollectively, AFailureOnOneRankStopsEveryRankWithItsMessage) {
  const Communicator world;
  const int failing = world.size() - 1;
  try {
    RunCollectively(world, [&] {
      if (world.rank() == failing) throw InvalidArgument("slab.mha: bad header on this rank");
    });
    FAIL() << "rank " << world.rank() << " did not throw";
  } catch (const RankFailed& error) {
    EXPECT_EQ(error.failedRank(), failing);
    EXPECT_EQ(std::string(error.what()),
              "rank " + std::to_string(failing) + ": slab.mha: bad header on this rank");
  }
  EXPECT_NO_THROW(RunCollectively(world, [] {}));
}

TEST(RunCollectively, TheLowestFailingRankIsReported) {
  const Communicator world;
  try {
    RunCollectively(world, [&] { throw std::runtime_error("everyone fails"); });
    FAIL();
  } catch (const RankFailed& error) {
    EXPECT_EQ(error.failedRank(), 0);
  }
}

class KeptError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

TEST(RunOnRankZero, OnlyRankZeroRunsTheStepAndEveryRankReturns) {
  const Communicator world;
  int runs = 0;
  EXPECT_NO_THROW(RunOnRankZero(world, [&] { ++runs; }));
  EXPECT_EQ(runs, world.rank() == 0 ? 1 : 0);
}

TEST(RunOnRankZero, EveryRankThrowsRankZerosFailure) {
  const Communicator world;
  try {
    RunOnRankZero(world, [] { throw InvalidArgument("out.vtp: exists (use --force)"); });
    FAIL() << "rank " << world.rank() << " did not throw";
  } catch (const RankFailed& error) {
    EXPECT_EQ(error.failedRank(), 0);
    EXPECT_EQ(std::string(error.what()), "rank 0: out.vtp: exists (use --force)");
  }
}

TEST(RunOnRankZero, AKeptKindIsThrownOnEveryRankAsItself) {
  const Communicator world;
  const auto isKept = [](const std::exception& e) {
    return dynamic_cast<const KeptError*>(&e) != nullptr;
  };
  const auto throwKept = [](const std::string& message) { throw KeptError(message); };
  try {
    RunOnRankZero(
        world, [] { throw KeptError("--output: bad name"); }, isKept, throwKept);
    FAIL() << "rank " << world.rank() << " did not throw";
  } catch (const KeptError& error) {
    EXPECT_EQ(std::string(error.what()), "--output: bad name");
  }
  // Another kind is still RankFailed.
  EXPECT_THROW(RunOnRankZero(
                   world, [] { throw std::runtime_error("disk full"); }, isKept, throwKept),
               RankFailed);
}

} // namespace
} // namespace cumed::parallel
