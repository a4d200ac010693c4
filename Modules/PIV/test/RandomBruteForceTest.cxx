// Randomized differential test of single-pass PIV on every backend against DirectPiv (the
// correlation sums written out in double precision, sharing no code with the module). Each case
// draws (cumed/test/RandomCases.h; budget 200 cases):
//   window 8..64 px (any size, edges 8, 9, 64 favoured), overlap 0..0.75 (the four usual values
//   and arbitrary ones), search extension 0..8 px, zero padding, frames of window..window+60 px
//   a side (odd sizes, one window only, ragged right and bottom edges), mean removal,
//   normalisation, Gaussian / centroid / parabolic fit, pair-loss correction none / first /
//   all, float or 8-bit frames;
//   content: particles (density 0.01..0.08 px^-2, diameter 1.5..4 px, with or without noise)
//   moved by a uniform shift or a rotation reaching up to 0.6 window (beyond the quarter-window
//   limit a third of the time, so BeyondQuarterWindow flags and aliases are exercised), flat
//   frames (no peak: InvalidPeak everywhere), and a NaN pixel (InvalidPeak in the windows that
//   read it, the others unharmed).
// Every output but peakToMean is compared window by window within the float error DirectPiv
// states; near-ties it marks ambiguous must stay rare (at most 3 % of the windows).
// First: its unqualified testing:: would find cumed::testing (ParticleImages.h) if declared.
#include "cumed/test/RandomCases.h"

#include "DirectComparison.h"
#include "FieldErrors.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;
using cumed::test::RandomDraw;

/// The options of one case; frames sized so DirectPiv stays under `budget` multiply-adds.
PivOptions DrawOptions(RandomDraw& d, int& width, int& height, double budget) {
  PivOptions o = SinglePass(d.edgy(8, 64));
  const int w = o.windowSizes.front();
  o.overlap = d.chance(0.5) ? d.pick(std::vector<double>{0.0, 0.25, 0.5, 0.75}) : d.real(0, 0.75);
  o.searchExtension = d.chance(0.35) ? d.edgy(1, 8) : 0;
  o.zeroPadding = d.chance(0.25);
  o.removeMean = d.chance(0.8);
  o.normalizedCorrelation = d.chance(0.3);
  o.subPixel = d.pick(std::vector<SubPixelFit>{SubPixelFit::Gaussian, SubPixelFit::Centroid,
                                               SubPixelFit::Parabolic});
  o.pairLossCorrection = d.pick(std::vector<PairLossCorrection>{
      PairLossCorrection::None, PairLossCorrection::FirstPass, PairLossCorrection::AllPasses});
  o.validation.medianTest = false; // validation would change vectors the sums do not
  o.validation.replacement = Replacement::None;
  width = w + d.edgy(0, 60);
  height = w + d.edgy(0, 60);
  if (DirectPivCost(w, w, o) > budget) o.zeroPadding = false;
  while (DirectPivCost(width, height, o) > budget && (width > w || height > w)) {
    width = std::max(w, width - 4);
    height = std::max(w, height - 4);
  }
  return o;
}

cumed::testing::ParticleImagePair DrawFrames(RandomDraw& d, int width, int height, int window,
                                             PivOptions& o, std::string& what) {
  cumed::testing::ParticleImageSettings s;
  s.width = width;
  s.height = height;
  s.seed = std::uint32_t(d.integer(1, 1 << 30));
  s.particlesPerPixel = d.real(0.01, 0.08);
  s.particleDiameter = d.real(1.5, 4.0);
  s.noise = d.chance(0.5) ? d.real(0.0, 8.0) : 0.0;
  const double reach = window * (d.chance(0.33) ? 0.6 : 0.22);
  cumed::testing::DisplacementField field;
  if (d.chance(0.7)) {
    const double dx = d.real(-reach, reach), dy = d.real(-reach, reach);
    field = cumed::testing::UniformDisplacement(dx, dy);
    what += ", shift " + std::to_string(dx) + ", " + std::to_string(dy);
  } else {
    const double radians = reach / std::max(width, height);
    field = cumed::testing::RotationDisplacement(width / 2.0, height / 2.0, radians);
    what += ", rotation " + std::to_string(radians);
  }
  auto pair = cumed::testing::RenderParticlePair(s, field);
  if (d.chance(0.06)) {  // flat frames: nothing to correlate
    o.removeMean = true; // without it a flat plane's peak is a tie of every shift
    const float level = float(d.real(0, 200));
    for (cumed::Image* f : {&pair.first, &pair.second}) {
      float* p = f->view<float>().data;
      std::fill(p, p + std::size_t(width) * height, level);
    }
    what += ", flat frames";
  } else if (d.chance(0.06)) {
    cumed::Image& f = d.chance(0.5) ? pair.first : pair.second;
    f.view<float>().data[d.integer(0, width * height - 1)] =
        std::numeric_limits<float>::quiet_NaN();
    what += ", a NaN pixel";
    return pair; // float only: 8-bit frames hold no NaN
  }
  if (d.chance(0.3)) {
    pair.first = cumed::testing::Quantise(pair.first, cumed::PixelType::UInt8);
    pair.second = cumed::testing::Quantise(pair.second, cumed::PixelType::UInt8);
    what += ", 8-bit";
  }
  return pair;
}

class PivRandomBruteForce : public cumed::test::BackendTest<> {};

TEST_P(PivRandomBruteForce, FftCorrelationEqualsTheSums) {
  long windows = 0, ambiguous = 0;
  cumed::test::ForEachRandomCase(200, [&](RandomDraw& d) {
    int width = 0, height = 0;
    PivOptions o = DrawOptions(d, width, height, 2e7);
    o.backend = backend();
    const int w = o.windowSizes.front();
    std::string what = std::to_string(width) + " x " + std::to_string(height) + " px, window " +
                       std::to_string(w) + ", overlap " + std::to_string(o.overlap) +
                       ", extension " + std::to_string(o.searchExtension) +
                       (o.zeroPadding ? ", padded" : "") + (o.removeMean ? "" : ", mean kept") +
                       (o.normalizedCorrelation ? ", normalised" : "") + ", fit " +
                       ToString(o.subPixel) + ", pair loss " + ToString(o.pairLossCorrection);
    const auto pair = DrawFrames(d, width, height, w, o, what);
    const PivField field = ComputePiv(pair.first, pair.second, o);
    const auto direct = DirectPiv(pair.first, pair.second, o);
    windows += long(direct.size());
    ambiguous += ExpectMatchesDirect(field, direct, what);
  });
  std::printf("[ random   ] %ld windows compared, %ld near a tie (skipped)\n", windows, ambiguous);
  // Over a run, not one reproduced case (an ill-conditioned case alone may skip many windows).
  if (windows >= 1000) EXPECT_LE(ambiguous, windows * 3 / 100) << "of " << windows << " windows";
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(PivRandomBruteForce);

} // namespace
