// The Bernstein basis the deformation evaluates (src/FfdMath.h, shared by CPU and CUDA):
// partition of unity, non-negativity, the end points, and the closed form C(n,i) s^i (1-s)^(n-i).
#include "src/FfdMath.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {
using cumed::deformation::detail::BernsteinBasis;

double Binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

TEST(Bernstein, PartitionOfUnityAndClosedFormForEveryDegree) {
  for (int count = 2; count <= 16; ++count) {
    for (int step = 0; step <= 64; ++step) {
      const float s = step / 64.0f;
      float b[16];
      BernsteinBasis<16>(count, s, b);
      double sum = 0;
      for (int i = 0; i < count; ++i) {
        EXPECT_GE(b[i], 0.0f) << "degree " << count - 1 << " i " << i << " s " << s;
        const double exact =
            Binomial(count - 1, i) * std::pow(s, i) * std::pow(1.0 - s, count - 1 - i);
        EXPECT_NEAR(b[i], exact, 1e-6) << "degree " << count - 1 << " i " << i << " s " << s;
        sum += b[i];
      }
      EXPECT_NEAR(sum, 1.0, 1e-6) << "degree " << count - 1 << " s " << s;
    }
  }
}

TEST(Bernstein, EndPointsSelectTheEndControlPointsExactly) {
  for (int count = 2; count <= 16; ++count) {
    float b0[16], b1[16];
    BernsteinBasis<16>(count, 0.0f, b0);
    BernsteinBasis<16>(count, 1.0f, b1);
    for (int i = 0; i < count; ++i) {
      EXPECT_EQ(b0[i], i == 0 ? 1.0f : 0.0f);
      EXPECT_EQ(b1[i], i == count - 1 ? 1.0f : 0.0f);
    }
  }
}

TEST(Bernstein, SmallUnrollBoundGivesTheSameValues) {
  for (int count = 2; count <= 4; ++count) {
    float small[4], large[16];
    BernsteinBasis<4>(count, 0.3f, small);
    BernsteinBasis<16>(count, 0.3f, large);
    for (int i = 0; i < count; ++i) EXPECT_EQ(small[i], large[i]);
  }
}

} // namespace
