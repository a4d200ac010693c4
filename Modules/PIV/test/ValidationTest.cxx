// Validation: planted outliers in a smooth field are found by the normalised median test and
// replaced from their neighbours (clusters too, through iterated sweeps); the peak-to-peak
// threshold, global limits and the mask flag what they should; end to end, a patch of noise in
// the second frame yields vectors that are flagged and replaced. The end-to-end cases (through
// ComputePiv: mask, noise patch, non-finite pixels) run on every backend (PivValidationEndToEnd,
// Cpu/ and Cuda/ instances); ValidateField itself is host code.
#include "FieldErrors.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

/// A smooth field (a gentle vortex) with small noise, on a 20 x 16 grid, all vectors valid.
PivField SmoothField(std::uint32_t seed = 7) {
  PivField f;
  f.resize(20, 16);
  std::mt19937 random(seed);
  std::normal_distribution<float> noise(0.f, 0.02f);
  for (int r = 0; r < f.rows; ++r)
    for (int c = 0; c < f.columns; ++c) {
      const int i = r * f.columns + c;
      f.x[i] = 8.f + 16.f * c;
      f.y[i] = 8.f + 16.f * r;
      f.u[i] = 2.f + 0.1f * (r - 8) + noise(random);
      f.v[i] = -1.f - 0.1f * (c - 10) + noise(random);
      f.peakToPeak[i] = 3.f;
    }
  return f;
}

float TrueU(const PivField& f, int i) {
  return 2.f + 0.1f * (i / f.columns - 8);
}
float TrueV(const PivField& f, int i) {
  return -1.f - 0.1f * (i % f.columns - 10);
}

TEST(PivValidation, MedianTestFindsAndReplacesPlantedOutliers) {
  PivField f = SmoothField();
  const std::set<int> planted{21, 77, 140, 141, 299, 0, 319}; // corners and a pair included
  for (const int i : planted) {
    f.u[i] += (i % 2 ? 3.5f : -4.f);
    f.v[i] += 2.5f;
  }
  ValidationOptions options;
  ValidateField(f, options);
  for (int i = 0; i < int(f.size()); ++i) {
    if (planted.count(i)) {
      EXPECT_TRUE(f.flags[i] & MedianOutlier) << "vector " << i;
      EXPECT_TRUE(f.flags[i] & Replaced) << "vector " << i;
      EXPECT_NEAR(f.u[i], TrueU(f, i), 0.12) << "vector " << i;
      EXPECT_NEAR(f.v[i], TrueV(f, i), 0.12) << "vector " << i;
    } else {
      EXPECT_EQ(f.flags[i], 0) << "vector " << i << " flagged";
    }
  }
}

TEST(PivValidation, ClusterIsFilledFromItsEdgesByIteratedSweeps) {
  PivField f = SmoothField();
  std::set<int> cluster;
  for (int r = 6; r < 10; ++r)
    for (int c = 8; c < 12; ++c) cluster.insert(r * f.columns + c);
  for (const int i : cluster) f.flags[i] = InvalidPeak; // no peak: nothing usable there
  ValidationOptions options;
  options.replacement = Replacement::LocalMean;
  options.replacementIterations = 1;
  PivField once = f;
  ValidateField(once, options);
  EXPECT_EQ(once.count(Replaced), 12u) << "one sweep fills the cluster's rim only";
  for (const int i : cluster)
    if (!(once.flags[i] & Replaced)) EXPECT_EQ(once.u[i], 0.f) << "unreplaced vectors are zeroed";
  options.replacementIterations = 10;
  ValidateField(f, options);
  EXPECT_EQ(f.count(Replaced), cluster.size());
  for (const int i : cluster) {
    EXPECT_EQ(f.flags[i], InvalidPeak | Replaced);
    EXPECT_NEAR(f.u[i], TrueU(f, i), 0.15);
    EXPECT_NEAR(f.v[i], TrueV(f, i), 0.15);
  }
}

TEST(PivValidation, PeakToPeakLimitsAndNoReplacement) {
  PivField f = SmoothField();
  f.peakToPeak[5] = 1.05f;
  f.u[30] = 40.f;
  ValidationOptions options;
  options.medianTest = false;
  options.minPeakToPeak = 1.2;
  options.maxU = 10.0;
  options.replacement = Replacement::None;
  ValidateField(f, options);
  EXPECT_EQ(f.flags[5], LowPeakToPeak);
  EXPECT_EQ(f.flags[30], OutOfRange);
  EXPECT_EQ(f.u[30], 40.f) << "Replacement::None keeps the value";
  EXPECT_EQ(f.count(0xff), 2u);
  // Validating again starts from fresh flags.
  options.maxU = 100.0;
  ValidateField(f, options);
  EXPECT_EQ(f.flags[30], 0);
}

class PivValidationEndToEnd : public cumed::test::BackendTest<> {
protected:
  /// One pass on this suite's backend.
  PivOptions Pass(int window, double overlap = 0.5) const {
    PivOptions options = SinglePass(window, overlap);
    options.backend = backend();
    return options;
  }
};

TEST_P(PivValidationEndToEnd, MaskedWindowsYieldNoVector) {
  cumed::testing::ParticleImageSettings settings;
  const auto truth = cumed::testing::UniformDisplacement(1.3, 0.4);
  const auto pair = cumed::testing::RenderParticlePair(settings, truth);
  cumed::Image mask = cumed::Image::Allocate(cumed::PixelType::UInt8, pair.first.geometry(),
                                             cumed::MemoryLocation::Host);
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (int y = 100; y < 160; ++y)
    for (int x = 0; x < 90; ++x) m[y * 256 + x] = 255;
  PivOptions options = Pass(32);
  options.mask = std::as_const(mask).view<std::uint8_t>();
  const PivField field = Evaluate(pair, options);
  int masked = 0;
  for (std::size_t i = 0; i < field.size(); ++i) {
    // The deciding pixel: the window's centre pixel, (x + 0.5, y + 0.5) for an even window.
    const int px = int(field.x[i] + 0.5f), py = int(field.y[i] + 0.5f);
    const bool inside = px < 90 && py >= 100 && py < 160;
    EXPECT_EQ(bool(field.flags[i] & Masked), inside)
        << "vector at " << field.x[i] << ", " << field.y[i];
    if (inside) {
      ++masked;
      EXPECT_EQ(field.u[i], 0.f);
      EXPECT_EQ(field.v[i], 0.f);
    } else {
      EXPECT_NEAR(field.u[i], 1.3, 0.15);
    }
  }
  EXPECT_GT(masked, 10);
  EXPECT_EQ(field.count(Replaced), 0u) << "masked vectors are neither outliers nor neighbours";
}

TEST_P(PivValidationEndToEnd, NoisePatchIsFlaggedAndReplaced) {
  cumed::testing::ParticleImageSettings settings;
  const auto truth = cumed::testing::UniformDisplacement(2.4, -1.1);
  auto pair = cumed::testing::RenderParticlePair(settings, truth);
  // Uncorrelated particles in a 40 x 40 patch of the second frame: no true peak there.
  cumed::testing::ParticleImageSettings other = settings;
  other.seed = 99;
  const auto unrelated = cumed::testing::RenderParticlePair(other, truth);
  float* second = pair.second.view<float>().data;
  const float* noise = unrelated.second.view<float>().data;
  for (int y = 104; y < 152; ++y)
    for (int x = 104; x < 152; ++x) second[y * 256 + x] = noise[y * 256 + x];
  PivOptions options = Pass(32, 0.5);
  const PivField field = Evaluate(pair, options);
  // The window centred in the patch (centre 127.5, 127.5) sees only unrelated particles.
  const int centre = 7 * field.columns + 7;
  ASSERT_FLOAT_EQ(field.x[centre], 127.5f);
  EXPECT_TRUE(field.flags[centre] & Replaced);
  EXPECT_NEAR(field.u[centre], 2.4, 0.1);
  EXPECT_NEAR(field.v[centre], -1.1, 0.1);
  const FieldErrors e = ErrorsOf(field, truth);
  EXPECT_LT(e.max, 0.3) << e.text();
  EXPECT_LT(field.count(Replaced), 10u);
}

TEST_P(PivValidationEndToEnd, NonFinitePixelsGiveInvalidPeaksNotNaN) {
  cumed::testing::ParticleImageSettings settings;
  const auto truth = cumed::testing::UniformDisplacement(1.2, 0.7);
  auto pair = cumed::testing::RenderParticlePair(settings, truth);
  float* first = pair.first.view<float>().data;
  first[130 * 256 + 130] = std::numeric_limits<float>::quiet_NaN();
  first[40 * 256 + 200] = std::numeric_limits<float>::infinity();
  const PivField field = Evaluate(pair, Pass(32));
  std::size_t invalid = 0;
  for (std::size_t i = 0; i < field.size(); ++i) {
    for (const auto* array :
         {&field.u, &field.v, &field.peak, &field.secondPeak, &field.peakToPeak, &field.peakToMean})
      ASSERT_TRUE(std::isfinite((*array)[i])) << "vector " << i;
    if (field.flags[i] & InvalidPeak) {
      ++invalid;
      EXPECT_TRUE(field.flags[i] & Replaced) << "vector " << i;
      EXPECT_NEAR(field.u[i], 1.2, 0.1) << "vector " << i;
    }
  }
  // Each bad pixel lies in up to four 32 px windows at 50 % overlap.
  EXPECT_GE(invalid, 2u);
  EXPECT_LE(invalid, 8u);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivValidationEndToEnd);

} // namespace
