#include "src/AffineStage.h"

#include "cumed/core/Error.h"
#include "src/AffineObjective.h"
#include "src/Lbfgs.h"
#include "src/LevelGeometryBuilder.h"
#include "src/LevelMetric.h"
#include "src/Matrix3.h"
#include "src/RegistrationEngine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace cumed::registration::detail {
namespace {

std::array<double, 3> CentreOf(const ImageGeometry& g) {
  const Matrix3 m = IndexToPhysical(g.direction, g.spacing);
  std::array<double, 3> c{};
  for (int r = 0; r < 3; ++r) {
    c[r] = g.origin[r];
    for (int a = 0; a < 3; ++a) c[r] += m[3 * r + a] * 0.5 * (static_cast<double>(g.size[a]) - 1);
  }
  return c;
}

std::unique_ptr<AffineObjective> MakeAffineObjective(const LevelProblem& problem,
                                                     const AffineFrame& frame, Backend backend) {
  return MakeRegistrationEngine(backend)->affineObjective(problem, frame);
}

/// The optimiser's p = (R L, t) as the kernels' (L, t).
AffineParameters FromOptimiser(const std::vector<double>& p, double R) {
  AffineParameters a{};
  for (int e = 0; e < 9; ++e) a.L[e] = p[e] / R;
  for (int r = 0; r < 3; ++r) a.t[r] = p[9 + r];
  return a;
}

/// One level's problem: the warp under A0 (the stage's u goes before it) and the level's metric.
struct AffineLevelProblem {
  LevelProblem problem;
  AffineFrame frame;
};

AffineLevelProblem MakeLevel(const AffinePyramid& pyramid, std::size_t level,
                             const AffineTransform& initial, const RegistrationOptions& options) {
  const LevelImage& f = pyramid.fixed[level];
  const LevelImage& m = pyramid.moving[level];
  AffineLevelProblem l;
  l.problem.geometry = DescribeWarp(f.geometry, m.geometry, initial);
  l.problem.fixed = &f;
  l.problem.moving = &m;
  l.problem.mask = &pyramid.masks[level];
  if (pyramid.movingMasks) l.problem.movingMask = &(*pyramid.movingMasks)[level];
  l.problem.metric = LevelMetricSettings(options, f, m);
  l.frame = AffineFrameOf(f.geometry, pyramid.fixed.back().geometry);
  return l;
}

} // namespace

int AffineStageLevels(int pyramidLevels) {
  return std::max(1, pyramidLevels - 1);
}

AffineFrame AffineFrameOf(const ImageGeometry& level, const ImageGeometry& finest) {
  AffineFrame f{};
  const Matrix3 m = IndexToPhysical(level.direction, level.spacing);
  const std::array<double, 3> c = CentreOf(finest);
  for (int e = 0; e < 9; ++e) f.indexToPhysical[e] = m[e];
  for (int r = 0; r < 3; ++r) f.originMinusCentre[r] = level.origin[r] - c[r];
  return f;
}

double AffinePreconditioning(const ImageGeometry& finest) {
  double squared = 0.0;
  for (int a = 0; a < 3; ++a) {
    const double extent = static_cast<double>(finest.size[a]) * finest.spacing[a];
    squared += extent * extent;
  }
  return 0.5 * std::sqrt(squared);
}

AffineTransform ComposeAffine(const AffineTransform& initial, const AffineParameters& a,
                              const ImageGeometry& finest) {
  const std::array<double, 3> c = CentreOf(finest);
  Matrix3 inner{}; // I + L
  std::array<double, 3> shift{};
  for (int r = 0; r < 3; ++r) {
    shift[r] = a.t[r];
    for (int s = 0; s < 3; ++s) {
      inner[3 * r + s] = a.L[3 * r + s] + (r == s ? 1.0 : 0.0);
      shift[r] -= a.L[3 * r + s] * c[s];
    }
  }
  AffineTransform out;
  for (int r = 0; r < 3; ++r) {
    out.offset[r] = initial.offset[r];
    for (int s = 0; s < 3; ++s) {
      out.offset[r] += initial.matrix[3 * r + s] * shift[s];
      double product = 0.0;
      for (int k = 0; k < 3; ++k) product += initial.matrix[3 * r + k] * inner[3 * k + s];
      out.matrix[3 * r + s] = product;
    }
  }
  return out;
}

AffineStageResult RunAffineStage(const AffinePyramid& pyramid, const AffineTransform& initial,
                                 const RegistrationOptions& options, Backend backend) {
  const ImageGeometry& finest = pyramid.fixed.back().geometry;
  const double R = AffinePreconditioning(finest);
  const int levels = static_cast<int>(pyramid.fixed.size());
  std::vector<double> p(kAffineSums, 0.0);
  AffineStageResult result;
  for (int level = 0; level < AffineStageLevels(levels); ++level) {
    const AffineLevelProblem l = MakeLevel(pyramid, level, initial, options);
    auto objective = MakeAffineObjective(l.problem, l.frame, backend);
    bool started = false;
    auto cost = [&](const std::vector<double>& at, std::vector<double>* gradient) {
      double sums[kAffineSums];
      double value;
      try {
        value = objective->evaluate(FromOptimiser(at, R), gradient ? sums : nullptr);
      } catch (const InvalidArgument&) {
        // A trial step that maps every counted voxel outside the moving image: the line search
        // takes a shorter one. At the start it is the user's error.
        if (!started) throw;
        return std::numeric_limits<double>::infinity();
      }
      started = true;
      if (gradient) {
        gradient->resize(kAffineSums);
        for (int e = 0; e < 9; ++e) (*gradient)[e] = sums[e] / R;
        for (int e = 9; e < kAffineSums; ++e) (*gradient)[e] = sums[e];
      }
      return value;
    };
    LbfgsSettings settings;
    settings.maximumIterations = options.maximumIterations;
    settings.relativeTolerance = options.relativeTolerance;
    // As for the B-spline levels: no parameter (mm) moves by more than a voxel of the level.
    const auto& spacing = pyramid.fixed[level].geometry.spacing;
    settings.maximumStep = *std::max_element(spacing.begin(), spacing.end());
    settings.firstStep = settings.maximumStep;
    auto onIteration = [&](int iteration, double value, int evaluations) {
      if (options.observer) {
        IterationReport report{level, levels, iteration, value, value, 0.0, evaluations};
        report.affine = true;
        if (!options.observer(report))
          throw Cancelled("registration stopped by its observer in the affine stage at level " +
                          std::to_string(level) + ", iteration " + std::to_string(iteration));
      }
      if (options.cancelRequested && options.cancelRequested())
        throw Cancelled("registration cancelled in the affine stage at level " +
                        std::to_string(level) + ", iteration " + std::to_string(iteration));
    };
    result.iterations.push_back(MinimiseLbfgs(cost, p, settings, onIteration).iterations);
  }
  result.affine = ComposeAffine(initial, FromOptimiser(p, R), finest);
  const AffineLevelProblem last = MakeLevel(pyramid, pyramid.fixed.size() - 1, initial, options);
  result.similarityBefore =
      MakeAffineObjective(last.problem, last.frame, backend)->evaluate(AffineParameters{}, nullptr);
  return result;
}

} // namespace cumed::registration::detail
