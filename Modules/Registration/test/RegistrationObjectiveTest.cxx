// The CPU objective of a level: its gradient with respect to the coefficients against central
// finite differences of its cost, for every metric (the chain warp -> metric -> adjoint).
#include "SyntheticImages.h"

#include "src/LevelGeometryBuilder.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationObjective.h"

#include <gtest/gtest.h>

#include <random>

namespace cumed::registration::detail {
namespace {

class ObjectiveGradient : public ::testing::TestWithParam<MetricKind> {};

TEST_P(ObjectiveGradient, MatchesFiniteDifferences) {
  ImageGeometry g = test::BlobGeometry();
  g.size = {20, 18, 16};
  const Image fixedImage = test::Blobs(g, 1), movingImage = test::Blobs(g, 2);
  auto level = [&](const Image& image) {
    const float* p = image.view<float>().data;
    LevelImage l{g, std::vector<float>(p, p + g.numberOfPixels())};
    for (float& v : l.pixels) v = v / 1000.0f;
    return l;
  };
  const LevelImage fixed = level(fixedImage), moving = level(movingImage);
  BSplineGrid grid = MakeRegistrationGrid(g, 10.0);
  test::RandomCoefficients(grid, 1.5, 3, false);
  LevelTables tables;
  LevelProblem problem;
  problem.geometry = DescribeLevel(grid, g, g, AffineTransform{}, tables);
  problem.tables = &tables;
  problem.fixed = &fixed;
  problem.moving = &moving;
  problem.metric.kind = GetParam();
  for (int a = 0; a < 3; ++a) problem.metric.size[a] = static_cast<std::int64_t>(g.size[a]);
  problem.metric.fixedRange[0] = problem.metric.movingRange[0] = -1.0f;
  problem.metric.fixedRange[1] = problem.metric.movingRange[1] = 1.5f;
  auto objective = MakeObjectiveCpu(problem);
  const std::size_t n = grid.numberOfControlPoints();
  std::vector<float> x(3 * n);
  for (int c = 0; c < 3; ++c)
    for (std::size_t i = 0; i < n; ++i) x[c * n + i] = static_cast<float>(grid.coefficients(c)[i]);
  std::vector<float> gradient(3 * n);
  objective->evaluate(x.data(), gradient.data(), nullptr);
  std::mt19937 random(4);
  std::uniform_int_distribution<std::size_t> pick(0, 3 * n - 1);
  int checked = 0;
  for (int t = 0; t < 200 && checked < 12; ++t) {
    const std::size_t e = pick(random);
    if (std::fabs(gradient[e]) < 1e-7) continue;
    const float h = 0.01f;
    std::vector<float> plus = x, minus = x;
    plus[e] += h;
    minus[e] -= h;
    const double numeric = (objective->evaluate(plus.data(), nullptr, nullptr) -
                            objective->evaluate(minus.data(), nullptr, nullptr)) /
                           (2.0 * h);
    EXPECT_NEAR(gradient[e], numeric, 0.03 * std::fabs(numeric) + 1e-7) << "coefficient " << e;
    ++checked;
  }
  EXPECT_GE(checked, 8);
}

INSTANTIATE_TEST_SUITE_P(EveryMetric, ObjectiveGradient,
                         testing::Values(MetricKind::SSD, MetricKind::NCC, MetricKind::LocalNCC,
                                         MetricKind::NMI));

} // namespace
} // namespace cumed::registration::detail
