// Register(): checks the inputs, builds the pyramid, runs L-BFGS level by level on the chosen
// backend, refines the control grid between levels and computes the outputs.
#include "cumed/registration/Registration.h"

#include "cumed/registration/DisplacementField.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "cumed/core/Log.h"
#include "cumed/core/NumberRules.h"
#include "cumed/core/Timer.h"
#include "src/AffineStage.h"
#include "src/Lbfgs.h"
#include "src/LbfgsSpace.h"
#include "src/LevelGeometryBuilder.h"
#include "src/LevelMetric.h"
#include "src/MovingMask.h"
#include "src/Quality.h"
#include "src/RegistrationEngine.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationObjective.h"
#include "src/RegistrationOutputs.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace cumed::registration {

bool AffineTransform::isIdentity() const noexcept {
  static const AffineTransform identity{};
  return matrix == identity.matrix && offset == identity.offset;
}

namespace {

using detail::LevelImage;

} // namespace

void CheckRegistrationOptions(const RegistrationOptions& o) {
  // The ranges (NumberRules.h messages; programs and Python respell the names).
  numbers::RequirePositive("gridSpacing", o.gridSpacing, 1e6,
                           "mm between control points at the finest level");
  numbers::RequireInRange("defaultPixelValue", o.defaultPixelValue,
                          -double(std::numeric_limits<float>::max()),
                          double(std::numeric_limits<float>::max()), "the warped image is float32");
  if (o.metric == SimilarityMetric::LocalNCC)
    // Below a micrometre the window is far under any voxel, and a sigma like 1e-320 mm would
    // become 0 voxels in the metric's float.
    numbers::RequireInRange("localNccSigma", o.localNccSigma, 1e-6, 1e6, "mm");
  numbers::RequireInRange("levels", static_cast<long long>(o.levels), 1, 8, "pyramid levels");
  numbers::RequireInRange("maximumIterations", static_cast<long long>(o.maximumIterations), 0,
                          100000, "L-BFGS iterations per level");
  numbers::RequireInRange("bendingEnergyWeight", o.bendingEnergyWeight, 0.0, numbers::kFloatSafe);
  numbers::RequireInRange("linearElasticityWeight", o.linearElasticityWeight, 0.0,
                          numbers::kFloatSafe);
  numbers::RequireInRange("logJacobianWeight", o.logJacobianWeight, 0.0, numbers::kFloatSafe);
  numbers::RequireInRange("relativeTolerance", o.relativeTolerance, 0.0, numbers::kFloatSafe);
  if (o.metric == SimilarityMetric::NMI)
    numbers::RequireInRange("histogramBins", static_cast<long long>(o.histogramBins), 4, 1024,
                            "the cubic Parzen window spans 4 bins");
}

namespace {

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

/// SSD compares intensities directly: both images are divided by the fixed image's standard
/// deviation (after subtracting its mean), so the cost is in units of the fixed image's variance
/// and the regularisation weights mean the same for any scanner scale and for every metric.
void NormaliseForSsd(LevelImage& fixed, LevelImage& moving) {
  const detail::PixelStatistics s = detail::Summarize(fixed.pixels);
  const float scale = s.deviation > 0.0 ? static_cast<float>(1.0 / s.deviation) : 1.0f;
  const float offset = static_cast<float>(s.mean);
  for (LevelImage* image : {&fixed, &moving}) {
    float* p = image->pixels.data();
    const std::int64_t n = static_cast<std::int64_t>(image->pixels.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n; ++v) p[v] = (p[v] - offset) * scale;
  }
}

struct Pyramid {
  std::vector<LevelImage> fixed, moving;             ///< [0] = coarsest
  std::vector<std::vector<std::uint8_t>> mask;       ///< empty vectors without a mask
  std::vector<std::vector<std::uint8_t>> movingMask; ///< on the moving grids; empty without
};

Pyramid BuildPyramid(LevelImage fixed, LevelImage moving, std::vector<std::uint8_t> mask,
                     std::vector<std::uint8_t> movingMask, int levels) {
  Pyramid p;
  p.fixed.resize(levels);
  p.moving.resize(levels);
  p.mask.resize(levels);
  p.movingMask.resize(levels);
  p.fixed[levels - 1] = std::move(fixed);
  p.moving[levels - 1] = std::move(moving);
  p.mask[levels - 1] = std::move(mask);
  p.movingMask[levels - 1] = std::move(movingMask);
  for (int l = levels - 1; l > 0; --l) {
    p.fixed[l - 1] = detail::HalveResolution(p.fixed[l]);
    p.moving[l - 1] = detail::HalveResolution(p.moving[l]);
    if (!p.mask[l].empty()) p.mask[l - 1] = detail::HalveMask(p.mask[l], p.fixed[l].geometry);
    if (!p.movingMask[l].empty())
      p.movingMask[l - 1] = detail::HalveMask(p.movingMask[l], p.moving[l].geometry, true);
  }
  return p;
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

/// The numbers one level's backend needs: its images, grid, metric and penalties.
detail::LevelProblem DescribeProblem(const BSplineGrid& grid, const LevelImage& f,
                                     const LevelImage& m, const std::vector<std::uint8_t>& mask,
                                     const std::vector<std::uint8_t>& movingMask,
                                     const AffineTransform& affine,
                                     const RegistrationOptions& options,
                                     detail::LevelTables& tables) {
  detail::LevelProblem problem;
  problem.geometry = detail::DescribeLevel(grid, f.geometry, m.geometry, affine, tables);
  problem.tables = &tables;
  problem.fixed = &f;
  problem.moving = &m;
  problem.mask = &mask;
  problem.movingMask = &movingMask;
  problem.metric = detail::LevelMetricSettings(options, f, m);
  const ImageGeometry& g = grid.coefficientGeometry();
  for (int a = 0; a < 3; ++a) {
    problem.grid.size[a] = static_cast<std::int64_t>(g.size[a]);
    problem.grid.spacing[a] = g.spacing[a];
  }
  std::copy(g.direction.begin(), g.direction.end(), problem.grid.direction);
  problem.grid.planar = IsPlanar(f.geometry);
  problem.weights = {options.bendingEnergyWeight, options.linearElasticityWeight,
                     options.logJacobianWeight};
  return problem;
}

/// The cost as the optimiser sees it: doubles in and out, the backend's floats in between; the
/// optimiser's vectors on the host (evaluate) or, on CUDA, on the device (evaluateDevice).
class LevelCost {
public:
  LevelCost(detail::RegistrationObjective& objective, MemoryLocation vectors)
      : objective_(objective), vectors_(vectors) {}

  /// At host coefficients (the cost before and after a level).
  double operator()(const std::vector<double>& at, std::vector<double>* gradient) {
    if (gradient) gradient->resize(at.size());
    return onHost(at.data(), gradient ? gradient->data() : nullptr, at.size());
  }
  /// At `n` coefficients in the optimiser's memory.
  double operator()(const double* at, double* gradient, std::size_t n) {
    if (vectors_ == MemoryLocation::Host) return onHost(at, gradient, n);
    return guarded([&] { return objective_.evaluateDevice(at, gradient, &parts_); });
  }
  const detail::CostParts& parts() const { return parts_; }

private:
  double onHost(const double* at, double* gradient, std::size_t n) {
    coefficients_.assign(at, at + n);
    gradient_.resize(n);
    const double value = guarded([&] {
      return objective_.evaluate(coefficients_.data(), gradient ? gradient_.data() : nullptr,
                                 &parts_);
    });
    if (gradient && !failed_) std::copy(gradient_.begin(), gradient_.end(), gradient);
    return value;
  }
  template <class Evaluate> double guarded(const Evaluate& evaluate) {
    double value;
    failed_ = false;
    try {
      value = evaluate();
    } catch (const InvalidArgument&) {
      failed_ = true;
      // A trial step that maps every counted voxel outside the moving image: no cost to
      // compare, so the line search takes a shorter step. At the start it is the user's error.
      if (!started_) throw;
      return std::numeric_limits<double>::infinity();
    }
    started_ = true;
    return value;
  }

  detail::RegistrationObjective& objective_;
  MemoryLocation vectors_;
  std::vector<float> coefficients_, gradient_;
  detail::CostParts parts_;
  bool started_ = false;
  bool failed_ = false; ///< the last evaluation found no cost (the trial is rejected)
};

/// L-BFGS on one level from the grid's coefficients, its vectors in the engine's memory; returns
/// the iterations it took.
int OptimiseLevel(LevelCost& cost, detail::RegistrationEngine& engine, BSplineGrid& grid,
                  const ImageGeometry& levelFixed, int level, const RegistrationOptions& options) {
  std::vector<double> x = Flatten(grid);
  detail::LbfgsSettings settings;
  settings.maximumIterations = options.maximumIterations;
  settings.relativeTolerance = options.relativeTolerance;
  // Steps of at most a voxel of the level: far enough to converge in tens of iterations,
  // short enough that no step jumps over the image structure the cost is built from.
  const auto& spacing = levelFixed.spacing;
  settings.maximumStep = *std::max_element(spacing.begin(), spacing.end());
  settings.firstStep = settings.maximumStep;
  auto onIteration = [&](int iteration, double value, int evaluations) {
    if (options.observer) {
      const IterationReport report{level,      options.levels,          iteration,
                                   value,      cost.parts().similarity, cost.parts().regularisation,
                                   evaluations};
      if (!options.observer(report))
        throw Cancelled("registration stopped by its observer at level " + std::to_string(level) +
                        ", iteration " + std::to_string(iteration));
    }
    if (options.progress) {
      const double inLevel =
          std::min(1.0, double(iteration) / std::max(1, options.maximumIterations));
      options.progress((level + inLevel) / options.levels);
    }
    if (options.cancelRequested && options.cancelRequested())
      throw Cancelled("registration cancelled at level " + std::to_string(level) + ", iteration " +
                      std::to_string(iteration));
  };
  const std::size_t n = x.size();
  const auto space = engine.optimiserSpace(n, detail::LbfgsVectorCount(settings));
  space->write(0, x.data());
  const detail::SpaceCostFunction onSpace = [&](const double* at, double* gradient) {
    return cost(at, gradient, n);
  };
  const detail::LbfgsOutcome outcome =
      detail::MinimiseLbfgs(*space, onSpace, settings, onIteration);
  space->read(0, x.data());
  Unflatten(x, grid);
  return outcome.iterations;
}

/// Field, warped image and Jacobian of the final transform, on the host. On CUDA all three are
/// computed on the device and come down once each; `onDevice` keeps the device copies (for
/// outputs = Device) when `keepOnDevice`.
void ComputeOutputs(const BSplineGrid& grid, const ImageGeometry& fixed, const LevelImage& moving,
                    const Image* fixedMask, const RegistrationOptions& options, Backend backend,
                    RegistrationResult& result, bool keepOnDevice,
                    std::optional<detail::TransformOutputs>& onDevice) {
  const float outside = static_cast<float>(options.defaultPixelValue);
  if (backend == Backend::CUDA) {
    detail::TransformOutputs out =
        detail::ComputeTransformOutputs(grid, result.affine, fixed, moving, outside, backend);
    result.displacementField = out.field.toHost();
    result.jacobianDeterminant = out.jacobian.toHost();
    result.warpedImage = out.warped.toHost();
    if (keepOnDevice) onDevice = std::move(out);
  } else {
    result.displacementField = detail::TotalDisplacementField(grid, result.affine, fixed, backend);
    result.jacobianDeterminant = JacobianDeterminant(result.displacementField, {backend});
    result.warpedImage = detail::ResampleMoving(moving, result.displacementField, outside);
  }
  result.jacobian = SummarizeJacobian(result.jacobianDeterminant, fixedMask);
}

} // namespace

RegistrationResult Register(const Image& fixedImage, const Image& movingImage,
                            const RegistrationOptions& options, const Image* fixedMask,
                            const Image* movingMask, MemoryLocation outputs) {
  Stopwatch total, stage;
  CheckRegistrationOptions(options);
  ExecutionScope scope(options); // threads, cancellation before any work, progress 1, report
  LevelImage fixed = detail::ToLevelImage(fixedImage, "fixed");
  LevelImage moving = detail::ToLevelImage(movingImage, "moving");
  CheckDimensions(fixed, moving);
  // A constant image has no gradient: every metric is flat, the optimiser stops at once and the
  // identity would be reported as a good registration.
  for (const auto& [level, what] : {std::pair{&fixed, "fixed"}, std::pair{&moving, "moving"}}) {
    const detail::PixelStatistics range = detail::Summarize(level->pixels);
    if (range.minimum == range.maximum)
      throw InvalidArgument(std::string(what) + " image: every voxel is " +
                            numbers::FormatNumber(range.minimum) +
                            ", so there is nothing to register");
  }
  std::vector<std::uint8_t> mask;
  if (fixedMask) mask = detail::ToLevelMask(*fixedMask, fixed.geometry);
  std::vector<std::uint8_t> onMoving;
  if (movingMask) onMoving = detail::ToMovingLevelMask(*movingMask, moving.geometry);
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
  Pyramid pyramid = BuildPyramid(std::move(fixed), std::move(moving), std::move(mask),
                                 std::move(onMoving), options.levels);
  RegistrationResult result{grid, affine, Image(), Image(), Image(), {},
                            0.0,  0.0,    {},      backend, 0.0,     {}};
  result.timing.prepareSeconds = stage.elapsedSeconds();
  // The affine stage (src/AffineStage.h) replaces A before the B-spline levels.
  std::optional<detail::AffineStageResult> affineStage;
  if (options.affineStage) {
    stage.restart();
    affineStage =
        detail::RunAffineStage({pyramid.fixed, pyramid.moving, pyramid.mask, &pyramid.movingMask},
                               affine, options, backend);
    result.affine = affineStage->affine;
    result.affineIterations = affineStage->iterations;
    result.timing.affineSeconds = stage.elapsedSeconds();
  }

  const auto engine = detail::MakeRegistrationEngine(backend);
  for (int level = 0; level < options.levels; ++level) {
    stage.restart();
    if (level > 0) grid = detail::RefineRegistrationGrid(grid, finest);
    detail::LevelTables tables;
    const detail::LevelProblem problem =
        DescribeProblem(grid, pyramid.fixed[level], pyramid.moving[level], pyramid.mask[level],
                        pyramid.movingMask[level], result.affine, options, tables);
    auto objective = engine->objective(problem);
    LevelCost cost(*objective, engine->memory());
    const bool finestLevel = level == options.levels - 1;
    if (finestLevel) {
      cost(std::vector<double>(3 * grid.numberOfControlPoints(), 0.0), nullptr);
      result.similarityBefore =
          affineStage ? affineStage->similarityBefore : cost.parts().similarity;
    }
    result.iterations.push_back(
        OptimiseLevel(cost, *engine, grid, pyramid.fixed[level].geometry, level, options));
    if (finestLevel) {
      cost(Flatten(grid), nullptr);
      result.similarityAfter = cost.parts().similarity;
    }
    result.timing.levelSeconds.push_back(stage.elapsedSeconds());
  }
  stage.restart();
  result.grid = grid;
  std::optional<detail::TransformOutputs> onDevice;
  ComputeOutputs(grid, finest, originalMoving, fixedMask, options, backend, result,
                 outputs == MemoryLocation::Device, onDevice);
  // Correlation is unchanged by SSD's normalisation of the fixed pyramid, so its finest level
  // serves as the fixed image here.
  result.quality =
      detail::AssessQuality(pyramid.fixed.back(), originalMoving, result.displacementField,
                            options.initialAffine.value_or(AffineTransform{}), result.jacobian,
                            pyramid.mask.back(), pyramid.movingMask.back());
  for (const std::string& warning : result.quality.warnings)
    Log(LogLevel::Warning, "Register: " + warning);
  if (onDevice) { // computed there: no second upload
    result.displacementField = std::move(onDevice->field);
    result.warpedImage = std::move(onDevice->warped);
    result.jacobianDeterminant = std::move(onDevice->jacobian);
  } else if (outputs == MemoryLocation::Device) {
    result.displacementField = result.displacementField.toDevice();
    result.warpedImage = result.warpedImage.toDevice();
    result.jacobianDeterminant = result.jacobianDeterminant.toDevice();
  }
  result.timing.outputSeconds = stage.elapsedSeconds();
  result.seconds = total.elapsedSeconds();
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
  return result;
}

} // namespace cumed::registration
