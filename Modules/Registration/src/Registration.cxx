// Register(): checks the inputs, builds the pyramid, runs L-BFGS level by level on the chosen
// backend, refines the control grid between levels and computes the outputs.
#include "cumed/registration/Registration.h"

#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "src/AffineStage.h"
#include "src/Lbfgs.h"
#include "src/LevelGeometryBuilder.h"
#include "src/LevelMetric.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationObjective.h"
#include "src/RegistrationOutputs.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace cumed::registration {

const char* ToString(SimilarityMetric metric) noexcept {
  switch (metric) {
  case SimilarityMetric::SSD:
    return "ssd";
  case SimilarityMetric::NCC:
    return "ncc";
  case SimilarityMetric::LocalNCC:
    return "lncc";
  case SimilarityMetric::NMI:
    return "nmi";
  }
  return "?";
}

SimilarityMetric ParseSimilarityMetric(const char* text) {
  std::string lower(text ? text : "");
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (SimilarityMetric m : {SimilarityMetric::SSD, SimilarityMetric::NCC,
                             SimilarityMetric::LocalNCC, SimilarityMetric::NMI})
    if (lower == ToString(m)) return m;
  throw InvalidArgument("unknown similarity metric '" + std::string(text ? text : "") +
                        "' (expected ssd, ncc, lncc or nmi)");
}

bool AffineTransform::isIdentity() const noexcept {
  static const AffineTransform identity{};
  return matrix == identity.matrix && offset == identity.offset;
}

namespace {

using detail::LevelImage;

void CheckOptions(const RegistrationOptions& o) {
  if (o.levels < 1 || o.levels > 8)
    throw InvalidArgument("levels must be 1 to 8, got " + std::to_string(o.levels));
  if (o.maximumIterations < 0)
    throw InvalidArgument("maximum iterations must be >= 0, got " +
                          std::to_string(o.maximumIterations));
  auto nonNegative = [](double w, const char* what) {
    if (!std::isfinite(w) || w < 0.0)
      throw InvalidArgument(std::string(what) + " must be finite and >= 0, got " +
                            std::to_string(w));
  };
  nonNegative(o.bendingEnergyWeight, "bending energy weight");
  nonNegative(o.linearElasticityWeight, "linear elasticity weight");
  nonNegative(o.logJacobianWeight, "log-Jacobian weight");
  nonNegative(o.relativeTolerance, "relative tolerance");
  if (o.metric == SimilarityMetric::NMI && (o.histogramBins < 4 || o.histogramBins > 1024))
    throw InvalidArgument("histogram bins must be 4 to 1024, got " +
                          std::to_string(o.histogramBins));
  if (o.metric == SimilarityMetric::LocalNCC && !(o.localNccSigma > 0.0))
    throw InvalidArgument("local NCC sigma must be > 0 mm, got " + std::to_string(o.localNccSigma));
}

bool IsPlanar(const ImageGeometry& g) {
  return g.size[2] == 1;
}

void CheckDimensions(const LevelImage& fixed, const LevelImage& moving) {
  if (IsPlanar(fixed.geometry) != IsPlanar(moving.geometry))
    throw InvalidArgument(std::string("fixed image is ") +
                          (IsPlanar(fixed.geometry) ? "2D" : "3D") + " but moving image is " +
                          (IsPlanar(moving.geometry) ? "2D" : "3D") +
                          "; both must have the same dimension");
}

std::pair<float, float> RangeOf(const std::vector<float>& pixels) {
  const auto [lo, hi] = std::minmax_element(pixels.begin(), pixels.end());
  return {*lo, *hi};
}

/// SSD compares intensities directly: both images move by the same linear map so the fixed image
/// spans [0, 1], which keeps the cost (and so the regularisation weights) scanner-independent.
void NormaliseForSsd(LevelImage& fixed, LevelImage& moving) {
  const auto [lo, hi] = RangeOf(fixed.pixels);
  const float scale = hi > lo ? 1.0f / (hi - lo) : 1.0f;
  for (LevelImage* image : {&fixed, &moving})
    for (float& p : image->pixels) p = (p - lo) * scale;
}

struct Pyramid {
  std::vector<LevelImage> fixed, moving;       ///< [0] = coarsest
  std::vector<std::vector<std::uint8_t>> mask; ///< empty vectors without a mask
};

Pyramid BuildPyramid(LevelImage fixed, LevelImage moving, std::vector<std::uint8_t> mask,
                     int levels) {
  Pyramid p;
  p.fixed.resize(levels);
  p.moving.resize(levels);
  p.mask.resize(levels);
  p.fixed[levels - 1] = std::move(fixed);
  p.moving[levels - 1] = std::move(moving);
  p.mask[levels - 1] = std::move(mask);
  for (int l = levels - 1; l > 0; --l) {
    p.fixed[l - 1] = detail::HalveResolution(p.fixed[l]);
    p.moving[l - 1] = detail::HalveResolution(p.moving[l]);
    if (!p.mask[l].empty()) p.mask[l - 1] = detail::HalveMask(p.mask[l], p.fixed[l].geometry);
  }
  return p;
}

/// Runs one backend's objective; `backend` is CPU or CUDA.
std::unique_ptr<detail::RegistrationObjective> MakeObjective(const detail::LevelProblem& problem,
                                                             Backend backend) {
#if CUMED_REGISTRATION_WITH_CUDA
  if (backend == Backend::CUDA) return detail::MakeObjectiveCuda(problem);
#endif
  if (backend != Backend::CPU)
    throw CudaError("Register: this build of CuMed has no CUDA backend", 0);
  return detail::MakeObjectiveCpu(problem);
}

std::vector<float> ToFloat(const std::vector<double>& x) {
  return {x.begin(), x.end()};
}

/// Coefficients of a grid as one structure-of-arrays vector (x, then y, then z components).
std::vector<double> Flatten(const BSplineGrid& grid) {
  std::vector<double> x;
  x.reserve(3 * grid.numberOfControlPoints());
  for (int c = 0; c < 3; ++c)
    x.insert(x.end(), grid.coefficients(c).begin(), grid.coefficients(c).end());
  return x;
}

void Unflatten(const std::vector<double>& x, BSplineGrid& grid) {
  const std::size_t n = grid.numberOfControlPoints();
  std::array<std::vector<double>, 3> c;
  for (int d = 0; d < 3; ++d) c[d].assign(x.begin() + d * n, x.begin() + (d + 1) * n);
  grid.setCoefficients(std::move(c));
}

} // namespace

RegistrationResult Register(const Image& fixedImage, const Image& movingImage,
                            const RegistrationOptions& options, const Image* fixedMask,
                            MemoryLocation outputs) {
  Stopwatch timer;
  CheckOptions(options);
  LevelImage fixed = detail::ToLevelImage(fixedImage, "fixed");
  LevelImage moving = detail::ToLevelImage(movingImage, "moving");
  CheckDimensions(fixed, moving);
  std::vector<std::uint8_t> mask;
  if (fixedMask) mask = detail::ToLevelMask(*fixedMask, fixed.geometry);
  const ImageGeometry finest = fixed.geometry;
  const LevelImage originalMoving = moving; // outputs resample the moving image as given
  AffineTransform affine = options.initialAffine.value_or(AffineTransform{});
  detail::CheckOverlap(finest, moving.geometry, affine);
  // Grids of every level exist before any work, so a bad spacing fails fast.
  const double coarsestSpacing = options.gridSpacing * std::ldexp(1.0, options.levels - 1);
  BSplineGrid grid = detail::MakeRegistrationGrid(finest, coarsestSpacing);
  detail::MakeRegistrationGrid(finest, options.gridSpacing);

  const Backend backend = ResolveBackend(options.backend);
  if (options.metric == SimilarityMetric::SSD) NormaliseForSsd(fixed, moving);
  Pyramid pyramid =
      BuildPyramid(std::move(fixed), std::move(moving), std::move(mask), options.levels);
  // The affine stage (src/AffineStage.h) replaces A before the B-spline levels.
  std::optional<detail::AffineStageResult> stage;
  if (options.affineStage) {
    stage = detail::RunAffineStage({pyramid.fixed, pyramid.moving, pyramid.mask}, affine, options,
                                   backend);
    affine = stage->affine;
  }

  RegistrationResult result{grid, affine, Image(), Image(), Image(), {},
                            0.0,  0.0,    {},      backend, 0.0};
  for (int level = 0; level < options.levels; ++level) {
    if (level > 0) grid = detail::RefineRegistrationGrid(grid, finest);
    const LevelImage& f = pyramid.fixed[level];
    const LevelImage& m = pyramid.moving[level];
    detail::LevelTables tables;
    detail::LevelProblem problem;
    problem.geometry = detail::DescribeLevel(grid, f.geometry, m.geometry, affine, tables);
    problem.tables = &tables;
    problem.fixed = &f;
    problem.moving = &m;
    problem.mask = &pyramid.mask[level];
    problem.metric = detail::LevelMetricSettings(options, f, m);
    for (int a = 0; a < 3; ++a) {
      problem.grid.size[a] = static_cast<std::int64_t>(grid.coefficientGeometry().size[a]);
      problem.grid.spacing[a] = grid.coefficientGeometry().spacing[a];
    }
    std::copy(grid.coefficientGeometry().direction.begin(),
              grid.coefficientGeometry().direction.end(), problem.grid.direction);
    problem.grid.planar = IsPlanar(f.geometry);
    problem.weights = {options.bendingEnergyWeight, options.linearElasticityWeight,
                       options.logJacobianWeight};
    auto objective = MakeObjective(problem, backend);

    std::vector<double> x = Flatten(grid);
    std::vector<float> xf, gf(x.size());
    detail::CostParts parts;
    bool started = false;
    auto cost = [&](const std::vector<double>& at, std::vector<double>* gradient) {
      xf = ToFloat(at);
      double value;
      try {
        value = objective->evaluate(xf.data(), gradient ? gf.data() : nullptr, &parts);
      } catch (const InvalidArgument&) {
        // A trial step that maps every counted voxel outside the moving image: no cost to
        // compare, so the line search takes a shorter step. At the start it is the user's error.
        if (!started) throw;
        return std::numeric_limits<double>::infinity();
      }
      started = true;
      if (gradient) gradient->assign(gf.begin(), gf.end());
      return value;
    };
    const bool finestLevel = level == options.levels - 1;
    if (finestLevel) {
      std::vector<double> zero(x.size(), 0.0);
      cost(zero, nullptr);
      result.similarityBefore = stage ? stage->similarityBefore : parts.similarity;
    }
    detail::LbfgsSettings settings;
    settings.maximumIterations = options.maximumIterations;
    settings.relativeTolerance = options.relativeTolerance;
    // Steps of at most a voxel of the level: far enough to converge in tens of iterations,
    // short enough that no step jumps over the image structure the cost is built from.
    const auto& spacing = f.geometry.spacing;
    settings.maximumStep = *std::max_element(spacing.begin(), spacing.end());
    settings.firstStep = settings.maximumStep;
    auto onIteration = [&](int iteration, double value, int evaluations) {
      if (!options.observer) return;
      const IterationReport report{level,      options.levels,   iteration,
                                   value,      parts.similarity, parts.regularisation,
                                   evaluations};
      if (!options.observer(report))
        throw Cancelled("registration stopped by its observer at level " + std::to_string(level) +
                        ", iteration " + std::to_string(iteration));
    };
    const detail::LbfgsOutcome outcome = detail::MinimiseLbfgs(cost, x, settings, onIteration);
    result.iterations.push_back(outcome.iterations);
    if (std::getenv("CUMED_DEBUG_LBFGS"))
      fprintf(stderr, "level %d: %d it, %d evals, cost %g, %s\n", level, outcome.iterations,
              outcome.evaluations, outcome.cost, outcome.stop.c_str());
    Unflatten(x, grid);
    if (finestLevel) {
      cost(x, nullptr);
      result.similarityAfter = parts.similarity;
    }
  }
  result.grid = grid;
  if (stage) result.affineIterations = stage->iterations;
  result.displacementField = detail::TotalDisplacementField(grid, affine, finest, backend);
  result.warpedImage = detail::ResampleMoving(originalMoving, result.displacementField,
                                              static_cast<float>(options.defaultPixelValue));
  result.jacobianDeterminant = JacobianDeterminant(result.displacementField, {backend});
  if (result.jacobianDeterminant.location() != MemoryLocation::Host)
    result.jacobianDeterminant = result.jacobianDeterminant.toHost();
  result.jacobian = SummarizeJacobian(result.jacobianDeterminant, fixedMask);
  if (outputs == MemoryLocation::Device) {
    result.displacementField = result.displacementField.toDevice();
    result.warpedImage = result.warpedImage.toDevice();
    result.jacobianDeterminant = result.jacobianDeterminant.toDevice();
  }
  result.seconds = timer.elapsedSeconds();
  return result;
}

} // namespace cumed::registration
