// Uniform displacements of random particle images rendered at test time, on every backend (Cpu/
// and Cuda/ instances): sub-pixel accuracy of each fit (the peak-locking curve 0..1 px), large
// shifts through the search extension, zero padding, normalised correlation, integer pixel types.
#include "FieldErrors.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <iostream>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::testing::ParticleImageSettings;
using cumed::testing::RenderParticlePair;
using cumed::testing::UniformDisplacement;

class PivUniformShift : public cumed::test::BackendTest<> {
protected:
  /// One pass on this suite's backend.
  PivOptions Pass(int window, double overlap = 0.5) const {
    PivOptions options = SinglePass(window, overlap);
    options.backend = backend();
    return options;
  }
};

TEST_P(PivUniformShift, PeakLockingCurveGaussian32) {
  ParticleImageSettings settings;
  settings.noise = 2.0;
  double worstRms = 0;
  for (int step = 0; step <= 10; ++step) {
    const double shift = 0.1 * step;
    settings.seed = 100 + step;
    const auto truth = UniformDisplacement(shift, 0.5 * shift);
    const PivField field = Evaluate(RenderParticlePair(settings, truth), Pass(32));
    ASSERT_EQ(field.columns, 15);
    ASSERT_EQ(field.rows, 15);
    const FieldErrors e = ErrorsOf(field, truth);
    std::cout << "shift " << shift << " px: " << e.text() << "\n";
    EXPECT_LT(e.rms, 0.04) << "shift " << shift;
    EXPECT_LT(std::abs(e.biasU), 0.012) << "shift " << shift;
    EXPECT_LT(std::abs(e.biasV), 0.012) << "shift " << shift;
    EXPECT_EQ(field.count(kOutlierFlags), 0u) << "shift " << shift;
    worstRms = std::max(worstRms, e.rms);
  }
  std::cout << "worst rms " << worstRms << " px\n";
}

TEST_P(PivUniformShift, EverySubPixelFit) {
  ParticleImageSettings settings;
  const auto truth = UniformDisplacement(2.35, -1.7);
  const auto pair = RenderParticlePair(settings, truth);
  for (const SubPixelFit fit :
       {SubPixelFit::Gaussian, SubPixelFit::Parabolic, SubPixelFit::Centroid}) {
    PivOptions options = Pass(32);
    options.subPixel = fit;
    const FieldErrors e = ErrorsOf(Evaluate(pair, options), truth);
    std::cout << ToString(fit) << ": " << e.text() << "\n";
    // Parabola and centroid of three samples are pulled towards the integer peak (known peak
    // locking); the Gaussian fits a particle image's correlation peak.
    EXPECT_LT(e.rms, fit == SubPixelFit::Gaussian ? 0.04 : 0.2) << ToString(fit);
  }
}

TEST_P(PivUniformShift, OddWindowSizesAndOverlaps) {
  ParticleImageSettings settings;
  settings.width = 200;
  settings.height = 150;
  const auto truth = UniformDisplacement(1.6, 0.45);
  const auto pair = RenderParticlePair(settings, truth);
  for (const int window : {24, 33, 48}) {
    PivOptions options = Pass(window, 0.75);
    const PivField field = Evaluate(pair, options);
    const int step = int(std::lround(window * 0.25));
    EXPECT_EQ(field.step, step);
    EXPECT_EQ(field.columns, (200 - window) / step + 1);
    EXPECT_EQ(field.rows, (150 - window) / step + 1);
    EXPECT_FLOAT_EQ(field.x[1], step + 0.5f * (window - 1));
    const FieldErrors e = ErrorsOf(field, truth, 2);
    EXPECT_LT(e.rms, 0.06) << "window " << window << ": " << e.text();
  }
}

TEST_P(PivUniformShift, SearchExtensionFindsShiftsBeyondHalfAWindow) {
  ParticleImageSettings settings;
  const auto truth = UniformDisplacement(18.3, -17.6);
  const auto pair = RenderParticlePair(settings, truth);
  PivOptions plain = Pass(32);
  const FieldErrors without = ErrorsOf(Evaluate(pair, plain), truth);
  EXPECT_GT(without.rms, 5.0) << "a 32 px window alone cannot find 18 px";
  PivOptions extended = plain;
  // 18.3 px is beyond 8 + 32 / 4 px: flagged, not measured (the quarter-window rule); a few
  // edge windows, whose grown window the frame clips, may find a spurious peak within reach.
  extended.searchExtension = 8;
  const PivField short8 = Evaluate(pair, extended);
  EXPECT_GT(short8.count(BeyondQuarterWindow), short8.size() * 9 / 10);
  extended.searchExtension = 12;
  const FieldErrors with = ErrorsOf(Evaluate(pair, extended), truth);
  EXPECT_LT(with.rms, 0.1) << with.text();
  extended.zeroPadding = true;
  extended.normalizedCorrelation = true;
  const FieldErrors padded = ErrorsOf(Evaluate(pair, extended), truth);
  EXPECT_LT(padded.rms, 0.1) << padded.text();
}

TEST_P(PivUniformShift, NormalizedCorrelationPeaksWithinUnitRange) {
  ParticleImageSettings settings;
  const auto truth = UniformDisplacement(0.8, 1.4);
  PivOptions options = Pass(32);
  options.normalizedCorrelation = true;
  const PivField field = Evaluate(RenderParticlePair(settings, truth), options);
  for (std::size_t i = 0; i < field.size(); ++i) {
    EXPECT_GT(field.peak[i], 0.3f);
    EXPECT_LE(field.peak[i], 1.0f + 1e-5f);
    EXPECT_GT(field.peakToPeak[i], 1.0f);
    EXPECT_GT(field.peakToMean[i], 1.0f);
  }
  EXPECT_LT(ErrorsOf(field, truth).rms, 0.05);
}

TEST_P(PivUniformShift, ZeroPaddingLinearCorrelation) {
  ParticleImageSettings settings;
  const auto truth = UniformDisplacement(-3.4, 2.2);
  PivOptions options = Pass(32);
  options.zeroPadding = true;
  const FieldErrors e = ErrorsOf(Evaluate(RenderParticlePair(settings, truth), options), truth);
  EXPECT_LT(e.rms, 0.06) << e.text();
}

TEST_P(PivUniformShift, Uint8FramesGiveTheFloatResult) {
  ParticleImageSettings settings;
  const auto truth = UniformDisplacement(0.4, -0.9);
  const auto pair = RenderParticlePair(settings, truth);
  const PivField field =
      ComputePiv(cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8),
                 cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8), Pass(32));
  EXPECT_LT(ErrorsOf(field, truth).rms, 0.06);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivUniformShift);

} // namespace
