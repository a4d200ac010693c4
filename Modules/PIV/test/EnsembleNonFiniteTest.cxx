// Ensemble correlation with a NaN pixel in one pair, on every backend: that pair's window is
// correlated as zeros, so it adds nothing there (the window's vector is the other pair's) and
// every other window is the two pairs' mean as usual.
#include "FieldErrors.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <limits>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

class PivEnsembleNonFinite : public cumed::test::BackendTest<> {};

TEST_P(PivEnsembleNonFinite, APairsNanWindowAddsNothing) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = settings.height = 96;
  const auto truth = cumed::testing::UniformDisplacement(1.7, -0.6);
  const auto clean = cumed::testing::RenderParticlePair(settings, truth);
  settings.seed = 2;
  auto poisoned = cumed::testing::RenderParticlePair(settings, truth);
  // Pixel (40, 40): only in window (1, 1) of 32 px windows at a 32 px step.
  poisoned.second.view<float>().data[40 * 96 + 40] = std::numeric_limits<float>::quiet_NaN();
  PivOptions o = SinglePass(32, 0.0);
  o.backend = backend();
  o.validation.medianTest = false;
  o.validation.replacement = Replacement::None;
  const PivField both =
      ComputeEnsemblePiv({{&clean.first, &clean.second}, {&poisoned.first, &poisoned.second}}, o);
  const PivField alone = ComputeEnsemblePiv({{&clean.first, &clean.second}}, o);
  ASSERT_EQ(both.size(), 9u);
  const int window = 1 * 3 + 1;
  EXPECT_EQ(both.flags[window], 0);
  EXPECT_NEAR(both.u[window], alone.u[window], 1e-4);
  EXPECT_NEAR(both.v[window], alone.v[window], 1e-4);
  EXPECT_NEAR(both.peak[window], 0.5f * alone.peak[window], 1e-4f * alone.peak[window]);
  for (std::size_t i = 0; i < both.size(); ++i) {
    EXPECT_EQ(both.flags[i], 0) << "window " << i;
    EXPECT_NEAR(both.u[i], 1.7, 0.15) << "window " << i;
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivEnsembleNonFinite);

} // namespace
