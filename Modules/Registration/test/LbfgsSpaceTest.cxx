// The optimiser's vector spaces (src/LbfgsSpace.h): the host space's operations against plain
// loops, and on an accelerated backend (the VsCpu suites) the device space against the host one:
// element-wise operations and the largest magnitude bit for bit, dot products within 1e-12
// relative (another summation order) and the same bits on every repeat; L-BFGS on a quadratic
// with a known minimum and on a small registration level, with the same iterates on both within
// stated tolerances. Inputs are seeded (CUMED_RANDOM_SEED, printed on failure).
#include "SyntheticImages.h"

#include "src/Lbfgs.h"
#include "src/LbfgsSpace.h"
#include "src/LevelGeometryBuilder.h"
#include "src/RegistrationEngine.h"
#include "src/RegistrationGrid.h"

#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <vector>

namespace cumed::registration::detail {
namespace {

std::vector<double> RandomVector(std::size_t n, std::mt19937_64& random, double scale) {
  std::uniform_real_distribution<double> value(-scale, scale);
  std::vector<double> v(n);
  for (double& e : v) e = value(random);
  return v;
}

std::vector<double> Read(LbfgsSpace& space, int v) {
  std::vector<double> host(space.size());
  space.read(v, host.data());
  return host;
}

std::unique_ptr<LbfgsSpace> SpaceOn(Backend backend, std::size_t n, int count) {
  return MakeRegistrationEngine(backend)->optimiserSpace(n, count);
}

TEST(LbfgsSpaceHost, OperationsMatchPlainLoops) {
  std::mt19937_64 random(cumed::test::RandomRunSeed());
  SCOPED_TRACE("CUMED_RANDOM_SEED=" + std::to_string(cumed::test::RandomRunSeed()));
  const std::size_t n = 20000;
  const auto space = MakeLbfgsSpaceHost(n, 3);
  const std::vector<double> a = RandomVector(n, random, 2.0), b = RandomVector(n, random, 3.0);
  space->write(0, a.data());
  space->write(1, b.data());
  double expected = 0.0;
  for (std::size_t i = 0; i < n; ++i) expected += a[i] * b[i];
  EXPECT_NEAR(space->dot(0, 1), expected, 1e-12 * n * 6.0);
  space->difference(0, 1, 2);
  std::vector<double> d = Read(*space, 2);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(d[i], a[i] - b[i]);
  space->axpy(0.25, 0, 2);
  space->scale(-2.0, 2);
  d = Read(*space, 2);
  double largest = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(d[i], -2.0 * ((a[i] - b[i]) + 0.25 * a[i]));
    largest = std::max(largest, std::fabs(d[i]));
  }
  EXPECT_EQ(space->maxAbs(2), largest);
  EXPECT_THROW(space->dot(0, 3), InvalidArgument);
}

/// f(x) = 1/2 sum a_i (x_i - c_i)^2 + 1/4 sum (x_i - c_i)^4 / 100: its minimum is c, and the
/// quartic term makes the curvature change along the path (L-BFGS keeps updating its model).
/// Evaluated on the host; on a device space x is read down and the gradient written up.
struct Quadratic {
  std::vector<double> a, c;
  LbfgsSpace* space = nullptr;
  std::map<const double*, int> vectors; ///< space.data(v) -> v

  void attach(LbfgsSpace& s) {
    space = &s;
    for (int v = 0; v < s.count(); ++v) vectors[s.data(v)] = v;
  }
  double operator()(const double* x, double* gradient) {
    std::vector<double> at(a.size()), g(a.size());
    space->read(vectors.at(x), at.data());
    double f = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const double e = at[i] - c[i];
      f += 0.5 * a[i] * e * e + 0.0025 * e * e * e * e;
      g[i] = a[i] * e + 0.01 * e * e * e;
    }
    if (gradient) space->write(vectors.at(gradient), g.data());
    return f;
  }
};

struct OptimiserRun {
  LbfgsOutcome outcome;
  std::vector<double> costs, x;
};

OptimiserRun MinimiseQuadratic(Backend backend, const std::vector<double>& a,
                               const std::vector<double>& c, const std::vector<double>& start,
                               int iterations) {
  LbfgsSettings settings;
  settings.maximumIterations = iterations;
  settings.relativeTolerance = 0.0;
  settings.firstStep = settings.maximumStep = 2.0;
  const auto space = SpaceOn(backend, a.size(), LbfgsVectorCount(settings));
  space->write(0, start.data());
  Quadratic q{a, c};
  q.attach(*space);
  OptimiserRun run;
  run.outcome = MinimiseLbfgs(
      *space, [&](const double* x, double* g) { return q(x, g); }, settings,
      [&](int, double cost, int) { run.costs.push_back(cost); });
  run.x = Read(*space, 0);
  return run;
}

class LbfgsOnBackend : public cumed::test::BackendTest<> {};

TEST_P(LbfgsOnBackend, FindsTheKnownMinimumOfAQuadratic) {
  std::mt19937_64 random(cumed::test::RandomRunSeed());
  SCOPED_TRACE("CUMED_RANDOM_SEED=" + std::to_string(cumed::test::RandomRunSeed()));
  const std::size_t n = 30000;
  std::vector<double> a(n);
  std::uniform_real_distribution<double> stiffness(0.5, 5.0);
  for (double& v : a) v = stiffness(random);
  const std::vector<double> c = RandomVector(n, random, 3.0);
  const OptimiserRun run = MinimiseQuadratic(backend(), a, c, std::vector<double>(n, 0.0), 60);
  double worst = 0.0;
  for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::fabs(run.x[i] - c[i]));
  EXPECT_LT(worst, 1e-6) << run.outcome.stop << " after " << run.outcome.iterations;
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(LbfgsOnBackend);

class LbfgsSpaceVsCpu : public cumed::test::BackendTest<> {};

TEST_P(LbfgsSpaceVsCpu, OperationsAgreeWithTheHost) {
  cumed::test::ForEachRandomCase(20, [&](cumed::test::RandomDraw& draw) {
    // Sizes around the chunks of both sums (8192 on the host, kMetricChunk on the device).
    const int pick = draw.integer(0, 5);
    const std::size_t sizes[] = {0, 1, 4095, 4097, 8193, 70001};
    const std::size_t n = sizes[pick];
    std::mt19937_64 random(static_cast<std::uint64_t>(draw.integer(0, 1 << 30)));
    const std::vector<double> a = RandomVector(n, random, 10.0), b = RandomVector(n, random, 1.0);
    const auto host = MakeLbfgsSpaceHost(n, 4);
    const auto device = SpaceOn(backend(), n, 4);
    for (LbfgsSpace* s : {host.get(), device.get()}) {
      s->write(0, a.data());
      s->write(1, b.data());
      s->difference(0, 1, 2);
      s->axpy(-0.375, 1, 2);
      s->scale(1.0 / 3.0, 2);
      s->copy(2, 3);
      s->axpy(1e-3, 0, 3);
    }
    // Element-wise: the same IEEE operations (no fused multiply-add on either side).
    for (int v = 2; v < 4; ++v) ASSERT_EQ(Read(*host, v), Read(*device, v)) << "vector " << v;
    EXPECT_EQ(host->maxAbs(3), device->maxAbs(3));
    double magnitude = 0.0;
    for (std::size_t i = 0; i < n; ++i) magnitude += std::fabs(a[i] * b[i]);
    const double dot = device->dot(0, 1);
    EXPECT_NEAR(dot, host->dot(0, 1), 1e-12 * magnitude + 1e-300) << "n = " << n;
    EXPECT_EQ(device->dot(0, 1), dot); // the same bits again
  });
}

TEST_P(LbfgsSpaceVsCpu, SameIteratesOnAQuadratic) {
  std::mt19937_64 random(cumed::test::RandomRunSeed());
  SCOPED_TRACE("CUMED_RANDOM_SEED=" + std::to_string(cumed::test::RandomRunSeed()));
  const std::size_t n = 50000;
  std::vector<double> a(n);
  std::uniform_real_distribution<double> stiffness(0.5, 5.0);
  for (double& v : a) v = stiffness(random);
  const std::vector<double> c = RandomVector(n, random, 3.0);
  const std::vector<double> start = RandomVector(n, random, 1.0);
  // 20 iterations: far from the rounding floor (each shrinks the error about 2x here), where
  // rounding alone could end one run's line search before the other's.
  constexpr int kIterations = 20;
  const OptimiserRun cpu = MinimiseQuadratic(Backend::CPU, a, c, start, kIterations);
  const OptimiserRun other = MinimiseQuadratic(backend(), a, c, start, kIterations);
  // Only the dot products' summation order differs: iterates agree to ~1e-9 relative.
  ASSERT_EQ(cpu.costs.size(), other.costs.size());
  for (std::size_t k = 0; k < cpu.costs.size(); ++k)
    EXPECT_NEAR(other.costs[k], cpu.costs[k], 1e-9 * std::fabs(cpu.costs[0]) + 1e-12)
        << "iteration " << k + 1;
  for (std::size_t i = 0; i < n; ++i) ASSERT_NEAR(other.x[i], cpu.x[i], 1e-8) << "element " << i;
  const OptimiserRun again = MinimiseQuadratic(backend(), a, c, start, kIterations);
  EXPECT_EQ(again.x, other.x); // run to run: the same bits
}

/// A small registration level (blobs, LocalNCC-free SSD) minimised by L-BFGS: CPU objective on
/// host vectors against the accelerated objective on device vectors (evaluateDevice).
struct SmallLevel {
  LevelImage fixed, moving;
  LevelTables tables;
  LevelProblem problem;
  std::size_t coefficients = 0;

  SmallLevel() {
    ImageGeometry g = test::BlobGeometry();
    g.size = {24, 22, 20};
    auto level = [&](unsigned seed) {
      const Image image = test::Blobs(g, seed);
      const float* p = image.view<float>().data;
      LevelImage l{g, std::vector<float>(p, p + g.numberOfPixels())};
      for (float& v : l.pixels) v = v / 1000.0f;
      return l;
    };
    fixed = level(1);
    moving = level(2);
    const BSplineGrid grid = MakeRegistrationGrid(g, 8.0);
    coefficients = 3 * grid.numberOfControlPoints();
    problem.geometry = DescribeLevel(grid, g, g, AffineTransform{}, tables);
    problem.tables = &tables;
    problem.fixed = &fixed;
    problem.moving = &moving;
    problem.metric.kind = MetricKind::SSD;
    for (int a = 0; a < 3; ++a) problem.metric.size[a] = static_cast<std::int64_t>(g.size[a]);
    problem.metric.fixedRange[0] = problem.metric.movingRange[0] = -1.0f;
    problem.metric.fixedRange[1] = problem.metric.movingRange[1] = 1.5f;
  }
};

OptimiserRun MinimiseLevel(Backend backend, SmallLevel& level) {
  LbfgsSettings settings;
  settings.maximumIterations = 15;
  settings.relativeTolerance = 0.0;
  settings.firstStep = settings.maximumStep = 2.0;
  const auto engine = MakeRegistrationEngine(backend);
  const auto objective = engine->objective(level.problem);
  const std::size_t n = level.coefficients;
  const auto space = engine->optimiserSpace(n, LbfgsVectorCount(settings));
  std::vector<float> x(n), g(n);
  const SpaceCostFunction cost = [&](const double* at, double* gradient) {
    if (engine->memory() == MemoryLocation::Device)
      return objective->evaluateDevice(at, gradient, nullptr);
    x.assign(at, at + n);
    const double f = objective->evaluate(x.data(), gradient ? g.data() : nullptr, nullptr);
    if (gradient) std::copy(g.begin(), g.end(), gradient);
    return f;
  };
  OptimiserRun run;
  run.outcome =
      MinimiseLbfgs(*space, cost, settings, [&](int, double f, int) { run.costs.push_back(f); });
  run.x = Read(*space, 0);
  return run;
}

TEST_P(LbfgsSpaceVsCpu, EvaluateDeviceIsEvaluate) {
  SmallLevel level;
  const auto engine = MakeRegistrationEngine(backend());
  const auto objective = engine->objective(level.problem);
  const std::size_t n = level.coefficients;
  std::mt19937_64 random(cumed::test::RandomRunSeed());
  SCOPED_TRACE("CUMED_RANDOM_SEED=" + std::to_string(cumed::test::RandomRunSeed()));
  const std::vector<double> x = RandomVector(n, random, 1.0);
  const std::vector<float> xf(x.begin(), x.end());
  std::vector<float> gf(n);
  const double f = objective->evaluate(xf.data(), gf.data(), nullptr);
  const auto space = engine->optimiserSpace(n, 2);
  space->write(0, x.data());
  EXPECT_EQ(objective->evaluateDevice(space->data(0), space->data(1), nullptr), f);
  EXPECT_EQ(Read(*space, 1), std::vector<double>(gf.begin(), gf.end()));
}

TEST_P(LbfgsSpaceVsCpu, SameIteratesOnASmallRegistration) {
  SmallLevel level;
  const OptimiserRun cpu = MinimiseLevel(Backend::CPU, level);
  const OptimiserRun other = MinimiseLevel(backend(), level);
  // The objectives add floats in another order (1e-6 relative per evaluation); over 15
  // iterations the paths stay within 1e-3 relative in cost and 0.01 mm in coefficients.
  ASSERT_EQ(cpu.costs.size(), other.costs.size());
  ASSERT_FALSE(cpu.costs.empty());
  for (std::size_t k = 0; k < cpu.costs.size(); ++k)
    EXPECT_NEAR(other.costs[k], cpu.costs[k], 1e-3 * std::fabs(cpu.costs[k]))
        << "iteration " << k + 1;
  double worst = 0.0;
  for (std::size_t i = 0; i < cpu.x.size(); ++i)
    worst = std::max(worst, std::fabs(other.x[i] - cpu.x[i]));
  EXPECT_LT(worst, 0.01);
  EXPECT_EQ(MinimiseLevel(backend(), level).x, other.x); // run to run: the same bits
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(LbfgsSpaceVsCpu);

} // namespace
} // namespace cumed::registration::detail
