// The synthetic-shift-3px pairs of ../shared/data/piv (OpenPIV's test14; SOURCES.md): pair
// disp_NNN is the first frame moved right and down by NNN/32 px. Interior vectors (one window
// from the edges) of the four pairs together. Skips when the data is absent.
#include "BmpFrames.h"
#include "FieldErrors.h"

#include <gtest/gtest.h>

#include <iostream>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

/// Errors of the four pairs together; GTEST_SKIP in the caller when empty.
std::optional<FieldErrors> FourPairs(const PivOptions& options) {
  FieldErrors total;
  double sum2 = 0;
  for (int n = 96; n <= 99; ++n) {
    const auto a = SharedPivData("synthetic-shift-3px/disp_0" + std::to_string(n) + "a.bmp");
    const auto b = SharedPivData("synthetic-shift-3px/disp_0" + std::to_string(n) + "b.bmp");
    if (!a || !b) return std::nullopt;
    const double d = n / 32.0;
    const PivField field = ComputePiv(ReadBmpFrame(*a), ReadBmpFrame(*b), options);
    const FieldErrors e = ErrorsOf(field, cumed::testing::UniformDisplacement(d, d));
    std::cout << "disp_0" << n << " (" << d << " px): " << e.text() << "\n";
    total.biasU += e.biasU * e.vectors;
    total.biasV += e.biasV * e.vectors;
    sum2 += e.rms * e.rms * 2 * e.vectors;
    total.max = std::max(total.max, e.max);
    total.vectors += e.vectors;
  }
  total.biasU /= total.vectors;
  total.biasV /= total.vectors;
  total.rms = std::sqrt(sum2 / (2.0 * total.vectors));
  return total;
}

TEST(PivRealData, SyntheticShiftSinglePass32) {
  const auto circular = FourPairs(SinglePass(32));
  if (!circular)
    GTEST_SKIP() << "../shared/data/piv/synthetic-shift-3px not found beside the checkout";
  std::cout << "single pass 32 px 50 %, circular: " << circular->text() << "\n";
  // Issue 11's target is rms 0.02 px with no error above 0.1 px (OpenPIV 0.25: 0.027 px).
  // Circular correlation (the default) reaches rms 0.0206 px, largest error 0.1008 px: products
  // of particles wrapped around the window add noise to the plane. Linear correlation (zero
  // padding) halves the error and meets the target.
  EXPECT_LE(circular->rms, 0.021);
  EXPECT_LE(circular->max, 0.11);
  PivOptions padded = SinglePass(32);
  padded.zeroPadding = true;
  const auto linear = FourPairs(padded);
  std::cout << "single pass 32 px 50 %, zero padding: " << linear->text() << "\n";
  EXPECT_LE(linear->rms, 0.02);
  EXPECT_LE(linear->max, 0.1);
}

TEST(PivRealData, SyntheticShiftThreePasses) {
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32, 16};
  const auto e = FourPairs(options);
  if (!e) GTEST_SKIP() << "../shared/data/piv/synthetic-shift-3px not found beside the checkout";
  std::cout << "64-32-16 " << ToString(options.deformation) << ": " << e->text() << "\n";
  // Issue 11's targets (OpenPIV 0.25: 0.0075-0.011 px). Measured with Lanczos (a = 6)
  // deformation and 3x3 predictor smoothing: rms 0.0047 px, bias -0.0027, -0.0028 px, largest
  // error 0.034 px.
  EXPECT_LE(e->rms, 0.005);
  EXPECT_LE(std::abs(e->biasU), 0.003);
  EXPECT_LE(std::abs(e->biasV), 0.003);
  EXPECT_LE(e->max, 0.1);
}

} // namespace

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

/// Issue 11: the real pairs give fields with < 5 % of the vectors replaced and nothing
/// non-finite.
void ExpectPlausibleField(const PivField& field, const std::string& what) {
  ASSERT_GT(field.size(), 100u) << what;
  for (std::size_t i = 0; i < field.size(); ++i) {
    ASSERT_TRUE(std::isfinite(field.u[i]) && std::isfinite(field.v[i])) << what << " vector " << i;
    ASSERT_TRUE(std::isfinite(field.peakToPeak[i]) && std::isfinite(field.peakToMean[i]))
        << what << " vector " << i;
  }
  const double replaced = double(field.count(Replaced)) / field.size();
  std::cout << what << ": " << field.columns << " x " << field.rows << " vectors, "
            << 100 * replaced << " % replaced\n";
  EXPECT_LT(replaced, 0.05) << what;
}

TEST(PivRealData, OpenPivExp1) {
  const auto a = SharedPivData("openpiv-exp1/exp1_001_a.bmp");
  const auto b = SharedPivData("openpiv-exp1/exp1_001_b.bmp");
  if (!a || !b) GTEST_SKIP() << "../shared/data/piv/openpiv-exp1 not found beside the checkout";
  const cumed::Image first = ReadBmpFrame(*a), second = ReadBmpFrame(*b);
  // About 5.5 px down: a grown search window keeps the pairs a 32 px window would lose (without
  // it, 5.5 % of the vectors fail the median test; OpenPIV's example uses 64 px for this pair).
  PivOptions single = SinglePass(32);
  single.searchExtension = 8;
  ExpectPlausibleField(ComputePiv(first, second, single), "exp1 single pass 32 px, extension 8");
  PivOptions options = SinglePass(64);
  options.windowSizes = {64, 32, 16};
  ExpectPlausibleField(ComputePiv(first, second, options), "exp1 64-32-16");
}

} // namespace
