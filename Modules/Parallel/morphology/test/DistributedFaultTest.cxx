// A bad argument on one rank (the last) stops every rank with the same RankFailed, naming that
// rank and the problem, and nobody hangs (CTest's timeout would turn a hang into a failure).
#include "SlabCases.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/DistributedMorphology.h"

#include <gtest/gtest.h>

namespace cumed::parallel {
namespace {

namespace morph = cumed::morphology;
using morph::StructuringElement;

ImageGeometry Volume() {
  ImageGeometry geometry;
  geometry.size = {6, 5, 8};
  return geometry;
}

/// Runs a grayscale closing where the last rank gets `lastRanksElement` and `extraPlanes` more
/// planes than its slab; every rank must catch RankFailed with exactly `expected`.
void ExpectEveryRankFails(const StructuringElement& lastRanksElement, std::int64_t extraPlanes,
                          const std::string& expected) {
  const Communicator world;
  const ImageGeometry global = Volume();
  const auto slabs = PartitionPlanes(std::int64_t(global.size[2]), world.size());
  const bool last = world.rank() == world.size() - 1;
  Slab own = slabs[std::size_t(world.rank())];
  if (last) own.end += extraPlanes;
  std::vector<float> input(global.size[0] * global.size[1] * std::size_t(own.planes()), 1.0f);
  std::vector<float> output(input.size());
  const ImageGeometry geometry = PlanesGeometry(global, own);
  const StructuringElement agreed = StructuringElement::Ball({1, 1, 1});
  try {
    DistributedGrayscale<float>(world, slabs, {input.data(), geometry}, {output.data(), geometry},
                                global, last ? lastRanksElement : agreed,
                                morph::GrayscaleOperation::Close);
    ADD_FAILURE() << "rank " << world.rank() << " did not throw";
  } catch (const RankFailed& error) {
    EXPECT_EQ(error.failedRank(), world.size() - 1);
    EXPECT_EQ(std::string(error.what()), expected) << "on rank " << world.rank();
  }
}

TEST(DistributedMorphologyFaults, AWrongSlabOnOneRankStopsEveryRank) {
  const Communicator world;
  const auto slabs = PartitionPlanes(8, world.size());
  const Slab last = slabs.back();
  ExpectEveryRankFails(StructuringElement::Ball({1, 1, 1}), 1,
                       "rank " + std::to_string(world.size() - 1) +
                           ": distributed morphology: the input slab is 6x5x" +
                           std::to_string(last.planes() + 1) + ", expected 6x5x" +
                           std::to_string(last.planes()) + " (planes " +
                           std::to_string(last.begin) + " to 8 of the 6x5x8 volume)");
}

TEST(DistributedMorphologyFaults, ADifferentElementOnOneRankStopsEveryRank) {
  const Communicator world;
  if (world.size() == 1) GTEST_SKIP() << "needs a second rank to disagree with rank 0";
  // The message names both calls; check its shape on every rank.
  const auto slabs = PartitionPlanes(8, world.size());
  const ImageGeometry global = Volume();
  const Slab own = slabs[std::size_t(world.rank())];
  std::vector<float> input(30 * std::size_t(own.planes())), output(input.size());
  const ImageGeometry geometry = PlanesGeometry(global, own);
  const bool last = world.rank() == world.size() - 1;
  try {
    DistributedGrayscale<float>(world, slabs, {input.data(), geometry}, {output.data(), geometry},
                                global, StructuringElement::Ball({1, 1, last ? 2 : 1}),
                                morph::GrayscaleOperation::Open);
    ADD_FAILURE() << "rank " << world.rank() << " did not throw";
  } catch (const RankFailed& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("rank " + std::to_string(world.size() - 1) +
                                ": distributed morphology: this rank was asked for float open "
                                "of a 6x5x8 volume",
                            0),
              0u)
        << message;
    EXPECT_NE(message.find("element 3x3x5"), std::string::npos) << message;
    EXPECT_NE(message.find("but rank 0 for float open of a 6x5x8 volume"), std::string::npos)
        << message;
    EXPECT_NE(message.find("element 3x3x3"), std::string::npos) << message;
  }
}

} // namespace
} // namespace cumed::parallel
