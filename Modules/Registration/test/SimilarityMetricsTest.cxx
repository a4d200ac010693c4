// The CPU similarity metrics, the reference: known values and the settings' errors. What every
// backend must do (derivatives, repeatability, the zero mask) and the accelerated backends against
// this reference: SimilarityMetricsOnBackendTest.cxx.
#include "MetricTestImages.h"
#include "src/SimilarityMetricHost.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <cmath>
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

TEST(SimilarityMetricCpu, LocalNccOfAnAffineImageIsMinusOne) {
  const MetricSettings s = Settings(MetricKind::LocalNCC, 11, 9, 8);
  const std::vector<float> fixed = test::RandomImage(s, 11);
  std::vector<float> warped(fixed.size());
  for (std::size_t v = 0; v < fixed.size(); ++v) warped[v] = -2.0f * fixed[v] + 7.0f;
  auto metric = MakeSimilarityMetricCpu(s);
  std::vector<float> d(fixed.size());
  // Every window, also at the border (the window is renormalised over the voxels inside).
  EXPECT_NEAR(metric->evaluate(fixed.data(), warped.data(), nullptr, d.data()), -1.0, 1e-6);
  for (std::size_t v = 0; v < d.size(); ++v) ASSERT_NEAR(d[v], 0.0f, 1e-6) << "voxel " << v;
}

TEST(SimilarityMetricCpu, LocalNccSeesWhatTheGlobalNccMisses) {
  // W = F on the left half, -F on the right half: the global correlation is about 0, each window
  // away from the middle sees a perfect (anti)correlation, and the local NCC is squared.
  MetricSettings s = Settings(MetricKind::LocalNCC, 24, 8, 8);
  const std::vector<float> fixed = test::RandomImage(s, 12);
  std::vector<float> warped(fixed.size());
  for (std::size_t v = 0; v < fixed.size(); ++v)
    warped[v] = (v % 24) < 12 ? fixed[v] : 1.0f - fixed[v];
  const double local =
      MakeSimilarityMetricCpu(s)->evaluate(fixed.data(), warped.data(), nullptr, nullptr);
  s.kind = MetricKind::NCC;
  const double global =
      MakeSimilarityMetricCpu(s)->evaluate(fixed.data(), warped.data(), nullptr, nullptr);
  EXPECT_LT(local, -0.7);
  EXPECT_GT(global, -0.2);
}

TEST(SimilarityMetricCpu, NmiOfTwoLevelsOnBinCentres) {
  // Intensities 3 and 9 over the range [0, 13] with 16 bins: the warped coordinates are 4 and 10
  // exactly, so each level spreads 1/6, 2/3, 1/6 over three warped bins (apart), and falls in one
  // fixed bin (3 and 11). With F = W, half the voxels at each level:
  //   H(F) = log 2, H(W) = H(F, W) = log 2 + h, h = -(2 (1/6) log(1/6) + (2/3) log(2/3)),
  //   NMI = (2 log 2 + h) / (log 2 + h), below 2 by the Parzen blur.
  MetricSettings s = Settings(MetricKind::NMI, 4, 4, 2);
  s.fixedRange[0] = s.movingRange[0] = 0.0f;
  s.fixedRange[1] = s.movingRange[1] = 13.0f;
  std::vector<float> image(32);
  for (std::size_t v = 0; v < image.size(); ++v) image[v] = v % 2 ? 3.0f : 9.0f;
  const double h = -(2.0 / 6.0 * std::log(1.0 / 6.0) + 2.0 / 3.0 * std::log(2.0 / 3.0));
  const double nmi = (2.0 * std::log(2.0) + h) / (std::log(2.0) + h);
  EXPECT_NEAR(MakeSimilarityMetricCpu(s)->evaluate(image.data(), image.data(), nullptr, nullptr),
              -nmi, 1e-9);
}

TEST(SimilarityMetricCpu, NmiOfIdenticalImagesBeatsIndependentOnes) {
  const MetricSettings s = Settings(MetricKind::NMI, 16, 16, 16);
  const std::vector<float> fixed = test::RandomImage(s, 13, -1.0f, 2.0f);
  const std::vector<float> other = test::RandomImage(s, 14, -1.0f, 2.0f);
  auto metric = MakeSimilarityMetricCpu(s);
  const double same = metric->evaluate(fixed.data(), fixed.data(), nullptr, nullptr);
  const double independent = metric->evaluate(fixed.data(), other.data(), nullptr, nullptr);
  // Identical: 2 less the Parzen blur (about 0.54 with 16 bins, where the cubic window spreads
  // each fixed bin over about 3 of the warped bins); independent: 1 plus the small-sample bias.
  EXPECT_LT(same, -1.4);
  EXPECT_GT(same, -2.0);
  EXPECT_GT(independent, -1.1);
  EXPECT_LT(independent, -1.0);
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

} // namespace
} // namespace cumed::registration
