// The quarter-window rule on every backend: a peak farther than searchExtension + window / 4 px
// is flagged BeyondQuarterWindow instead of returned (the reproducer of issue 23: 20 px in 32 px
// windows read -12 px, three quarters unflagged), and the pair-loss correction per pass.
#include "FieldErrors.h"
#include "cumed/test/Backends.h"
#include "src/PassGrid.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::testing::UniformDisplacement;

class PivQuarterWindow : public cumed::test::BackendTest<> {
protected:
  PivField Run(double dx, double dy, std::vector<int> windows, int extension = 0) {
    cumed::testing::ParticleImageSettings settings;
    settings.width = 192;
    settings.height = 160;
    pair_ = cumed::testing::RenderParticlePair(settings, UniformDisplacement(dx, dy));
    PivOptions o = SinglePass(windows.front());
    o.backend = backend();
    o.windowSizes = windows;
    o.searchExtension = extension;
    return Evaluate(pair_, o);
  }
  cumed::testing::ParticleImagePair pair_;
};

TEST_P(PivQuarterWindow, TwentyPixelsIn32PxWindowsAreFlaggedNotAliased) {
  const PivField field = Run(20.0, 1.5, {32});
  ASSERT_GT(field.size(), 0u);
  EXPECT_EQ(field.count(BeyondQuarterWindow), field.size());
  for (std::size_t i = 0; i < field.size(); ++i)
    EXPECT_GT(field.u[i], -6.f) << "vector " << i << " returned the alias near -12 px";
}

TEST_P(PivQuarterWindow, MultiPassWithoutReachStaysFlagged) {
  // 64 px reach 16 px: the first pass flags 20 px, so the 32 px pass has no predictor either.
  const PivField field = Run(20.0, 1.5, {64, 32});
  EXPECT_EQ(field.count(BeyondQuarterWindow), field.size());
}

TEST_P(PivQuarterWindow, SearchExtensionOfTheFirstPassReachesTwentyPixels) {
  const PivField field = Run(20.0, 1.5, {64, 32}, 8); // reach 8 + 16 = 24 px
  EXPECT_EQ(field.count(BeyondQuarterWindow), 0u);
  const FieldErrors e = ErrorsOf(field, UniformDisplacement(20.0, 1.5));
  EXPECT_LT(e.rms, 0.1) << e.text();
}

TEST_P(PivQuarterWindow, ShiftsWithinAQuarterWindowAreMeasured) {
  const PivField field = Run(-7.4, 6.8, {32}); // reach 8 px
  EXPECT_EQ(field.count(BeyondQuarterWindow), 0u);
  const FieldErrors e = ErrorsOf(field, UniformDisplacement(-7.4, 6.8));
  EXPECT_LT(e.rms, 0.1) << e.text();
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivQuarterWindow);

TEST(PivPairLossCorrection, AppliesToThePassesChosen) {
  PivOptions o;
  o.windowSizes = {64, 32, 16};
  const auto corrected = [&](PairLossCorrection c, std::size_t pass) {
    o.pairLossCorrection = c;
    return detail::PlanPass(256, 256, o, pass).correctPairLoss;
  };
  EXPECT_TRUE(corrected(PairLossCorrection::FirstPass, 0));
  EXPECT_FALSE(corrected(PairLossCorrection::FirstPass, 1));
  EXPECT_FALSE(corrected(PairLossCorrection::FirstPass, 2));
  EXPECT_TRUE(corrected(PairLossCorrection::AllPasses, 2));
  EXPECT_FALSE(corrected(PairLossCorrection::None, 0));
  EXPECT_EQ(PivOptions().pairLossCorrection, PairLossCorrection::FirstPass);
}

} // namespace
