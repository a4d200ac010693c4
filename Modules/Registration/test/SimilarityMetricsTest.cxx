// The CPU similarity metrics: known values, the derivative against central finite differences
// with and without a mask, the errors, and bitwise repeatability.
#include "MetricTestImages.h"
#include "src/SimilarityMetricHost.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace cumed::registration {
namespace {

using detail::MakeSimilarityMetricCpu;
using detail::MetricKind;
using detail::MetricSettings;
using test::Settings;

std::string ErrorOf(const MetricSettings& settings) {
  try {
    MakeSimilarityMetricCpu(settings);
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "no InvalidArgument";
}

TEST(SimilarityMetricCpu, SsdIsTheMeanSquaredDifference) {
  const MetricSettings s = Settings(MetricKind::SSD, 2, 2, 1);
  const std::vector<float> fixed = {0.0f, 1.0f, 2.0f, 3.0f};
  const std::vector<float> warped = {1.0f, 1.0f, 0.0f, 6.0f};
  auto metric = MakeSimilarityMetricCpu(s);
  std::vector<float> d(4);
  EXPECT_DOUBLE_EQ(metric->evaluate(fixed.data(), warped.data(), nullptr, d.data()),
                   (1.0 + 0.0 + 4.0 + 9.0) / 4.0);
  EXPECT_EQ(d, (std::vector<float>{0.5f, 0.0f, -1.0f, 1.5f}));
  // Only the counted voxels (the mask's values are not weights).
  const std::vector<std::uint8_t> mask = {0, 7, 1, 0};
  EXPECT_DOUBLE_EQ(metric->evaluate(fixed.data(), warped.data(), mask.data(), d.data()), 2.0);
  EXPECT_EQ(d, (std::vector<float>{0.0f, 0.0f, -2.0f, 0.0f}));
}

TEST(SimilarityMetricCpu, NccOfAnAffineImageIsMinusOne) {
  const MetricSettings s = Settings(MetricKind::NCC, 9, 7, 5);
  const std::vector<float> fixed = test::RandomImage(s, 1);
  std::vector<float> warped(fixed.size()), inverted(fixed.size());
  for (std::size_t v = 0; v < fixed.size(); ++v) {
    warped[v] = 3.0f * fixed[v] + 0.5f;
    inverted[v] = -2.0f * fixed[v] + 1.0f;
  }
  auto metric = MakeSimilarityMetricCpu(s);
  EXPECT_NEAR(metric->evaluate(fixed.data(), warped.data(), nullptr, nullptr), -1.0, 1e-6);
  EXPECT_NEAR(metric->evaluate(fixed.data(), inverted.data(), nullptr, nullptr), 1.0, 1e-6);
  const std::vector<float> other = test::RandomImage(s, 2);
  EXPECT_GT(metric->evaluate(fixed.data(), other.data(), nullptr, nullptr), -0.3);
}

TEST(SimilarityMetricCpu, NccOfAConstantImageIsNamed) {
  const MetricSettings s = Settings(MetricKind::NCC, 4, 4, 4);
  const std::vector<float> fixed = test::RandomImage(s, 1), flat(fixed.size(), 1000.0f);
  auto metric = MakeSimilarityMetricCpu(s);
  try {
    metric->evaluate(fixed.data(), flat.data(), nullptr, nullptr);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("warped image is constant over the 64 counted voxels"),
              std::string::npos)
        << e.what();
  }
}

TEST(SimilarityMetricCpu, BadSettingsAreNamed) {
  MetricSettings s = Settings(MetricKind::NMI, 4, 4, 4);
  s.histogramBins = 3;
  EXPECT_NE(ErrorOf(s).find("NMI: histogram bins 3 (expected >= 4"), std::string::npos)
      << ErrorOf(s);
  s = Settings(MetricKind::NMI, 4, 4, 4);
  s.movingRange[1] = s.movingRange[0];
  EXPECT_NE(ErrorOf(s).find("moving intensity range [-1, -1] is empty"), std::string::npos)
      << ErrorOf(s);
  s = Settings(MetricKind::LocalNCC, 4, 4, 4);
  s.localSigmaVoxels[1] = 0.0f;
  EXPECT_NE(ErrorOf(s).find("LocalNCC: Gaussian window sigma along y is 0 voxels"),
            std::string::npos)
      << ErrorOf(s);
  s = Settings(MetricKind::SSD, 4, 0, 4);
  EXPECT_NE(ErrorOf(s).find("SSD: image size along y is 0"), std::string::npos) << ErrorOf(s);
}

/// Every metric, with and without a mask.
class SimilarityMetricCpuEvery : public ::testing::TestWithParam<std::tuple<MetricKind, bool>> {
protected:
  MetricKind kind() const { return std::get<0>(GetParam()); }
  bool masked() const { return std::get<1>(GetParam()); }
};

TEST_P(SimilarityMetricCpuEvery, ZeroMaskIsNamed) {
  const MetricSettings s = Settings(kind(), 5, 4, 3);
  const std::vector<float> fixed = test::RandomImage(s, 3), warped = test::RelatedImage(fixed, 4);
  const std::vector<std::uint8_t> zeros(fixed.size(), 0);
  auto metric = MakeSimilarityMetricCpu(s);
  try {
    metric->evaluate(fixed.data(), warped.data(), zeros.data(), nullptr);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("no voxel is counted: the mask is zero on all 5 x 4 x 3"),
              std::string::npos)
        << e.what();
  }
}

TEST_P(SimilarityMetricCpuEvery, DerivativeMatchesCentralDifferences) {
  const MetricSettings s = Settings(kind(), 9, 8, 7);
  const std::vector<float> fixed = test::RandomImage(s, 5), warped = test::RelatedImage(fixed, 6);
  const std::vector<std::uint8_t> maskImage = test::RandomMask(s, 7);
  const std::uint8_t* mask = masked() ? maskImage.data() : nullptr;
  auto metric = MakeSimilarityMetricCpu(s);
  std::vector<float> d(fixed.size());
  metric->evaluate(fixed.data(), warped.data(), mask, d.data());
  double largest = 0.0;
  for (float x : d) largest = std::max(largest, double(std::fabs(x)));
  ASSERT_GT(largest, 0.0);
  int zeroChecked = 0;
  for (std::size_t v = 0; v < d.size(); v += 5) {
    const double fd = test::CentralDifference(*metric, fixed, warped, mask, v, 1e-3f);
    EXPECT_NEAR(d[v], fd, 2e-3 * largest) << "voxel " << v << " of " << d.size();
    if (mask && !mask[v]) {
      EXPECT_EQ(d[v], 0.0f) << "voxel " << v << " is outside the mask";
      ++zeroChecked;
    }
  }
  if (mask) EXPECT_GT(zeroChecked, 10);
}

TEST_P(SimilarityMetricCpuEvery, RunsGiveTheSameBits) {
  const MetricSettings s = Settings(kind(), 33, 21, 17); // several chunks of the reductions
  const std::vector<float> fixed = test::RandomImage(s, 8), warped = test::RelatedImage(fixed, 9);
  const std::vector<std::uint8_t> maskImage = test::RandomMask(s, 10);
  const std::uint8_t* mask = masked() ? maskImage.data() : nullptr;
  std::vector<float> d1(fixed.size()), d2(fixed.size());
  const double c1 =
      MakeSimilarityMetricCpu(s)->evaluate(fixed.data(), warped.data(), mask, d1.data());
  const double c2 =
      MakeSimilarityMetricCpu(s)->evaluate(fixed.data(), warped.data(), mask, d2.data());
  EXPECT_EQ(std::memcmp(&c1, &c2, sizeof c1), 0) << c1 << " vs " << c2;
  EXPECT_EQ(std::memcmp(d1.data(), d2.data(), d1.size() * sizeof(float)), 0);
}

std::string CaseName(const ::testing::TestParamInfo<std::tuple<MetricKind, bool>>& info) {
  return std::string(detail::MetricName(std::get<0>(info.param))) +
         (std::get<1>(info.param) ? "Masked" : "Whole");
}

INSTANTIATE_TEST_SUITE_P(Metrics, SimilarityMetricCpuEvery,
                         testing::Combine(testing::Values(MetricKind::SSD, MetricKind::NCC),
                                          testing::Bool()),
                         CaseName);

} // namespace
} // namespace cumed::registration
