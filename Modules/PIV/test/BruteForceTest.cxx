// The FFT correlation against the correlation sums written out: for every window of a small
// random pair, R(s) = sum over the buffer of a(k) b(k + s mod n), built from the same window
// placement rules (src/PassGrid.h) and evaluated with the same peak rules (src/PeakFit.h). Every
// output of ComputePiv (vectors, peaks, ratios, flags) must match, for circular and linear
// correlation, with and without search extension, mean removal and normalisation.
#include "FieldErrors.h"
#include "src/PassGrid.h"
#include "src/PeakFit.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::detail;

/// The window's buffers as the correlation sees them (double precision).
void Buffers(const float* first, const float* second, int width, int height, const PassGrid& g,
             int column, int row, bool removeMean, std::vector<double>& a, std::vector<double>& b) {
  const int n = g.fftSize;
  a.assign(std::size_t(n) * n, 0.0);
  b.assign(std::size_t(n) * n, 0.0);
  double sumA = 0, sumB = 0;
  int countA = 0, countB = 0, x, y;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if (FirstFramePixel(g, column, row, i, j, x, y)) {
        a[j * n + i] = first[y * width + x];
        sumA += a[j * n + i];
        ++countA;
      }
      if (SecondFramePixel(g, column, row, i, j, width, height, x, y)) {
        b[j * n + i] = second[y * width + x];
        sumB += b[j * n + i];
        ++countB;
      }
    }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      int xx, yy;
      if (removeMean && FirstFramePixel(g, column, row, i, j, xx, yy))
        a[j * n + i] -= sumA / countA;
      if (removeMean && SecondFramePixel(g, column, row, i, j, width, height, xx, yy))
        b[j * n + i] -= sumB / countB;
    }
}

PivField BruteForce(const cumed::Image& firstImage, const cumed::Image& secondImage,
                    const PivOptions& o) {
  const float* first = firstImage.view<float>().data;
  const float* second = secondImage.view<float>().data;
  const int width = int(firstImage.geometry().size[0]), height = int(firstImage.geometry().size[1]);
  const PassGrid g =
      PlanPass(width, height, o.windowSizes[0], o.overlap, o.searchExtension, o.zeroPadding);
  const int n = g.fftSize;
  PivField field;
  field.resize(g.columns, g.rows);
  std::vector<double> a, b;
  std::vector<float> plane(std::size_t(n) * n);
  for (int w = 0; w < g.count(); ++w) {
    const int column = w % g.columns, row = w / g.columns;
    Buffers(first, second, width, height, g, column, row, o.removeMean, a, b);
    double ea = 0, eb = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      ea += a[k] * a[k];
      eb += b[k] * b[k];
    }
    for (int sy = 0; sy < n; ++sy)
      for (int sx = 0; sx < n; ++sx) {
        double sum = 0;
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i) sum += a[j * n + i] * b[((j + sy) % n) * n + (i + sx) % n];
        plane[sy * n + sx] = float(o.normalizedCorrelation ? sum / std::sqrt(ea * eb) : sum);
      }
    PlaneSearch s;
    s.peak = plane[0];
    for (int k = 1; k < n * n; ++k)
      if (plane[k] > s.peak) {
        s.peak = plane[k];
        s.peakIndex = k;
      }
    s.second = -FLT_MAX;
    for (int k = 0; k < n * n; ++k) {
      if (plane[k] > 0.f) s.positiveSum += plane[k];
      if (!NearPeak(k, s.peakIndex, n) && plane[k] > s.second) s.second = plane[k];
    }
    const WindowVector v = EvaluatePeak(plane.data(), g, s, o.subPixel, o.pairLossCorrection);
    field.u[w] = v.u;
    field.v[w] = v.v;
    field.peak[w] = v.peak;
    field.secondPeak[w] = v.second;
    field.peakToPeak[w] = v.peakToPeak;
    field.peakToMean[w] = v.peakToMean;
    field.flags[w] = v.flags;
  }
  return field;
}

void ExpectSame(const PivField& fft, const PivField& direct, const char* what) {
  ASSERT_EQ(fft.size(), direct.size()) << what;
  float scale = 0.f;
  for (const float p : direct.peak) scale = std::max(scale, std::abs(p));
  for (std::size_t i = 0; i < fft.size(); ++i) {
    EXPECT_EQ(fft.flags[i], direct.flags[i]) << what << " vector " << i;
    EXPECT_NEAR(fft.u[i], direct.u[i], 1e-4) << what << " vector " << i;
    EXPECT_NEAR(fft.v[i], direct.v[i], 1e-4) << what << " vector " << i;
    EXPECT_NEAR(fft.peak[i], direct.peak[i], 1e-5f * scale) << what << " vector " << i;
    EXPECT_NEAR(fft.secondPeak[i], direct.secondPeak[i], 1e-5f * scale) << what << " vector " << i;
    EXPECT_NEAR(fft.peakToPeak[i], direct.peakToPeak[i], 1e-4f * direct.peakToPeak[i])
        << what << " vector " << i;
    EXPECT_NEAR(fft.peakToMean[i], direct.peakToMean[i], 1e-4f * direct.peakToMean[i])
        << what << " vector " << i;
  }
}

TEST(PivBruteForce, FftCorrelationEqualsTheSums) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = 72;
  settings.height = 56;
  settings.noise = 3.0;
  const auto pair =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(2.6, -1.3));
  PivOptions o = test::SinglePass(16, 0.5);
  // Validation would change vectors the sums do not: off for this comparison.
  o.validation.medianTest = false;
  o.validation.replacement = Replacement::None;
  ExpectSame(test::Evaluate(pair, o), BruteForce(pair.first, pair.second, o), "circular");
  o.windowSizes = {13};
  o.searchExtension = 3;
  ExpectSame(test::Evaluate(pair, o), BruteForce(pair.first, pair.second, o), "13 px, extension 3");
  o.zeroPadding = true;
  ExpectSame(test::Evaluate(pair, o), BruteForce(pair.first, pair.second, o), "zero padding");
  o.normalizedCorrelation = true;
  o.removeMean = false;
  o.subPixel = SubPixelFit::Parabolic;
  ExpectSame(test::Evaluate(pair, o), BruteForce(pair.first, pair.second, o),
             "normalised, no mean removal, parabolic");
}

} // namespace
