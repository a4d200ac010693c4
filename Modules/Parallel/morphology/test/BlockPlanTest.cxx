// Which planes a rank filters before and after its halos arrive (SlabBlocks.h), and that the
// caller's progress runs once from 0 to 1 over all of a rank's blocks.
#include "../src/SlabBlocks.h"
#include "SlabCases.h"
#include "cumed/parallel/DistributedMorphology.h"

#include <gtest/gtest.h>

namespace cumed::parallel {
namespace {

using detail::PlanBlocks;

TEST(BlockPlan, InteriorPlanesRunWithoutHaloAndCutsGetTheirHalo) {
  const auto slabs = SlabsOfThicknesses({10, 10, 10});
  // The middle rank with halo 2: planes 12..17 need no halo; 10,11 and 18,19 read 8..13, 16..21.
  const auto plan = PlanBlocks(HaloOf(slabs, 1, 2, 2), 30, 2);
  ASSERT_EQ(plan.interior.size(), 1u);
  EXPECT_EQ(plan.interior[0].input, (Slab{10, 20}));
  EXPECT_EQ(plan.interior[0].output, (Slab{12, 18}));
  ASSERT_EQ(plan.border.size(), 2u);
  EXPECT_EQ(plan.border[0].input, (Slab{8, 14}));
  EXPECT_EQ(plan.border[0].output, (Slab{10, 12}));
  EXPECT_EQ(plan.border[1].input, (Slab{16, 22}));
  EXPECT_EQ(plan.border[1].output, (Slab{18, 20}));
  // The first rank has no cut below: the volume's face is a face for the slab alone too.
  const auto first = PlanBlocks(HaloOf(slabs, 0, 2, 2), 30, 2);
  EXPECT_EQ(first.interior[0].output, (Slab{0, 8}));
  ASSERT_EQ(first.border.size(), 1u);
  EXPECT_EQ(first.border[0].input, (Slab{6, 12}));
}

TEST(BlockPlan, ThinSlabsFilterTheWholeBlockAfterTheExchange) {
  const auto slabs = SlabsOfThicknesses({5, 3, 0, 5});
  const auto plan = PlanBlocks(HaloOf(slabs, 1, 2, 2), 13, 2);
  EXPECT_TRUE(plan.interior.empty());
  ASSERT_EQ(plan.border.size(), 1u);
  EXPECT_EQ(plan.border[0].input, (Slab{3, 10}));
  EXPECT_EQ(plan.border[0].output, (Slab{5, 8}));
  const auto empty = PlanBlocks(HaloOf(slabs, 2, 2, 2), 13, 2);
  EXPECT_TRUE(empty.interior.empty() && empty.border.empty());
  // No halo (radius 0 along z): everything is interior.
  const auto flat = PlanBlocks(HaloOf(slabs, 1, 0, 0), 13, 0);
  ASSERT_EQ(flat.interior.size(), 1u);
  EXPECT_EQ(flat.interior[0].output, (Slab{5, 8}));
  EXPECT_TRUE(flat.border.empty());
}

TEST(DistributedProgress, RisesToOneOverAllBlocks) {
  const Communicator world;
  ImageGeometry global;
  global.size = {8, 6, 24};
  const auto slabs = PartitionPlanes(24, world.size());
  const Slab own = slabs[std::size_t(world.rank())];
  const auto whole = test::RandomVolume<float>(global.numberOfPixels(), 4);
  const auto input = test::OwnPlanes(whole, global, own);
  std::vector<float> output(input.size());
  std::vector<double> seen;
  morphology::GrayscaleOptions options;
  options.progress = [&](double fraction) { seen.push_back(fraction); };
  const ImageGeometry geometry = PlanesGeometry(global, own);
  DistributedGrayscale<float>(world, slabs, {input.data(), geometry}, {output.data(), geometry},
                              global, morphology::StructuringElement::Ball({1, 1, 2}),
                              morphology::GrayscaleOperation::Open, options);
  ASSERT_FALSE(seen.empty());
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LE(seen[i - 1], seen[i]);
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
}

} // namespace
} // namespace cumed::parallel
