// PlanFieldGrid announces the grid ComputePiv then fills, for odd sizes, overlaps and passes.
#include "cumed/piv/FieldGrid.h"
#include "FieldErrors.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::piv;

TEST(PivFieldGrid, MatchesTheComputedField) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = 141;
  settings.height = 97;
  const auto pair =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(1, 0.5));
  for (const auto& windows : {std::vector<int>{32}, std::vector<int>{48, 24}, {40, 20, 13}})
    for (const double overlap : {0.0, 0.3, 0.5, 0.75}) {
      PivOptions options = test::SinglePass(32, overlap);
      options.windowSizes = windows;
      const PivField field = ComputePiv(pair.first, pair.second, options);
      const FieldGrid grid = PlanFieldGrid(141, 97, options);
      EXPECT_EQ(grid.columns, field.columns) << windows.back() << " " << overlap;
      EXPECT_EQ(grid.rows, field.rows) << windows.back() << " " << overlap;
      EXPECT_EQ(grid.step, field.step) << windows.back() << " " << overlap;
      EXPECT_EQ(grid.firstX, field.x[0]);
      EXPECT_EQ(grid.firstY, field.y[0]);
    }
  EXPECT_EQ(PlanFieldGrid(20, 97, test::SinglePass(32)).columns, 0);
}

TEST(PivFieldGrid, WorldGeometry) {
  FieldGrid grid;
  grid.columns = 5;
  grid.rows = 3;
  grid.step = 16;
  grid.firstX = grid.firstY = 15.5f;
  cumed::ImageGeometry frames;
  frames.spacing = {0.2, 0.2, 1};
  frames.origin = {1, 2, 3};
  const cumed::ImageGeometry g = FieldGeometry(grid, frames);
  EXPECT_EQ(g.size[0], 5u);
  EXPECT_EQ(g.size[1], 3u);
  EXPECT_NEAR(g.spacing[0], 3.2, 1e-12);
  EXPECT_NEAR(g.origin[0], 1 + 3.1, 1e-12);
  EXPECT_NEAR(g.origin[1], 2 + 3.1, 1e-12);
  EXPECT_NEAR(g.origin[2], 3, 1e-12);
}

} // namespace
