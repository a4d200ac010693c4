#pragma once
// A backend's single-pass field against DirectPiv's vectors, window by window, within what the
// float FFT can move each value (DirectCorrelation.h). Windows the reference marks ambiguous are
// compared only where a float error cannot change the answer (the flags of a non-finite window)
// and counted, so a caller can bound how many escaped the strict comparison.
#include "DirectCorrelation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::piv::test {

/// Expects `field` to match `direct`; returns the number of ambiguous windows skipped.
inline int ExpectMatchesDirect(const PivField& field, const std::vector<DirectVector>& direct,
                               const std::string& what) {
  EXPECT_EQ(field.size(), direct.size()) << what;
  if (field.size() != direct.size()) return 0;
  int ambiguous = 0;
  for (std::size_t i = 0; i < direct.size(); ++i) {
    const DirectVector& d = direct[i];
    if (d.ambiguous) {
      ++ambiguous;
      continue;
    }
    const std::string at = what + ", vector " + std::to_string(i);
    EXPECT_EQ(int(field.flags[i]), int(d.flags)) << at;
    EXPECT_NEAR(field.u[i], d.u, d.uTolerance) << at;
    EXPECT_NEAR(field.v[i], d.v, d.uTolerance) << at;
    if (d.flags == InvalidPeak) continue; // every other output is zero: checked by u, v
    // Values within a few float errors (DirectCorrelation.h).
    const double value = 4 * d.valueTolerance + 1e-12;
    EXPECT_NEAR(field.peak[i], d.peak, value) << at;
    EXPECT_NEAR(field.secondPeak[i], d.second, value) << at;
    if (std::abs(d.second) > 100 * value)
      EXPECT_NEAR(field.peakToPeak[i], d.peakToPeak, 1e-3 * d.peakToPeak) << at;
  }
  return ambiguous;
}

} // namespace cumed::piv::test
