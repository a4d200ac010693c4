// The FFT correlation of every backend against DirectPiv (DirectCorrelation.h: the correlation
// sums written out, sharing no code with the module) on fixed pairs: circular and linear
// correlation, search extension, mean removal, normalisation, every fit. The randomized sweep
// over the whole parameter space is RandomBruteForceTest.cxx.
#include "DirectComparison.h"
#include "FieldErrors.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

class PivBruteForce : public cumed::test::BackendTest<> {
protected:
  void ExpectSame(const cumed::testing::ParticleImagePair& pair, PivOptions o, const char* what) {
    o.backend = backend();
    // Validation would change vectors the sums do not: off for this comparison.
    o.validation.medianTest = false;
    o.validation.replacement = Replacement::None;
    const int ambiguous = ExpectMatchesDirect(ComputePiv(pair.first, pair.second, o),
                                              DirectPiv(pair.first, pair.second, o), what);
    EXPECT_LE(ambiguous, 1) << what << ": windows too close to a tie to compare";
  }
};

TEST_P(PivBruteForce, FftCorrelationEqualsTheSums) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = 72;
  settings.height = 56;
  settings.noise = 3.0;
  const auto pair =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(2.6, -1.3));
  PivOptions o = SinglePass(16, 0.5);
  ExpectSame(pair, o, "circular");
  o.windowSizes = {13};
  o.searchExtension = 3;
  ExpectSame(pair, o, "13 px, extension 3");
  o.zeroPadding = true;
  ExpectSame(pair, o, "zero padding");
  o.pairLossCorrection = PairLossCorrection::None;
  o.subPixel = SubPixelFit::Centroid;
  ExpectSame(pair, o, "zero padding, centroid, no pair-loss correction");
  o.normalizedCorrelation = true;
  o.removeMean = false;
  o.subPixel = SubPixelFit::Parabolic;
  ExpectSame(pair, o, "normalised, no mean removal, parabolic");
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivBruteForce);

} // namespace
