#include "cpu/PivCpu.h"

#include "cpu/CorrelateCpu.h"
#include "src/FieldValidation.h"
#include "src/PassGrid.h"
#include "src/Sampling.h"

#include <vector>

namespace cumed::piv::detail {

namespace {

/// The predictor grid of a field: its own vectors, or their smoothed copies in `u`, `v`.
GridView PredictorOf(const PivField& field, const PassGrid& g, int smoothing, std::vector<float>& u,
                     std::vector<float>& v) {
  GridView view = GridViewOf(field.u.data(), field.v.data(), g);
  if (smoothing > 0) {
    u.resize(field.u.size());
    v.resize(field.v.size());
    for (int r = 0; r < g.rows; ++r)
      for (int c = 0; c < g.columns; ++c)
        SmoothedAt(field.u.data(), field.v.data(), field.flags.data(), g.columns, g.rows, c, r,
                   smoothing, u[r * g.columns + c], v[r * g.columns + c]);
    view.u = u.data();
    view.v = v.data();
  }
  return view;
}

void DeformFrames(const FramePair& frames, const GridView& predictor, Interpolation interpolation,
                  std::vector<float>& first, std::vector<float>& second) {
  const int w = frames.width, h = frames.height;
  first.resize(std::size_t(w) * h);
  second.resize(std::size_t(w) * h);
#pragma omp parallel for schedule(static)
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      DeformPixel(frames.first, frames.second, w, h, predictor, interpolation, x, y,
                  first[std::size_t(y) * w + x], second[std::size_t(y) * w + x]);
}

/// What deformation samples: the frames, or their spline coefficients for bicubic.
void PrepareSampling(const FramePair& frames, Interpolation interpolation,
                     std::vector<float>& first, std::vector<float>& second, FramePair& sampled) {
  sampled = frames;
  if (interpolation != Interpolation::Bicubic) return;
  const int w = frames.width, h = frames.height;
  first.assign(frames.first, frames.first + std::size_t(w) * h);
  second.assign(frames.second, frames.second + std::size_t(w) * h);
  for (float* c : {first.data(), second.data()}) {
#pragma omp parallel for schedule(static)
    for (int y = 0; y < h; ++y) PrefilterCubicBSpline(c + std::size_t(y) * w, w, 1);
#pragma omp parallel for schedule(static)
    for (int x = 0; x < w; ++x) PrefilterCubicBSpline(c + x, h, w);
  }
  sampled.first = first.data();
  sampled.second = second.data();
}

} // namespace

namespace {

/// One pass of an ensemble: every pair (deformed by the predictor after the first pass)
/// correlated into the sum of planes, the vectors from their mean.
void EnsemblePass(const std::vector<FramePair>& pairs, const std::uint8_t* mask, const PassGrid& g,
                  const GridView* predictor, const PivOptions& options, ExecutionScope& scope,
                  PivField& field) {
  EnsembleCorrelationCpu ensemble(g, options);
  std::vector<float> coefficientsA, coefficientsB, deformedA, deformedB;
  for (const FramePair& pair : pairs) {
    scope.checkCancelled();
    if (!predictor) {
      ensemble.add(pair);
      continue;
    }
    FramePair sampled;
    PrepareSampling(pair, options.deformation, coefficientsA, coefficientsB, sampled);
    DeformFrames(sampled, *predictor, options.deformation, deformedA, deformedB);
    ensemble.add({deformedA.data(), deformedB.data(), pair.width, pair.height});
  }
  ensemble.evaluate(pairs.front().width, mask, predictor, field);
}

} // namespace

PivField RunPivCpu(const std::vector<FramePair>& pairs, const std::uint8_t* mask,
                   const PivOptions& options, ExecutionScope& scope) {
  const int width = pairs.front().width, height = pairs.front().height;
  const bool ensemble = pairs.size() > 1;
  FramePair sampled;
  std::vector<float> firstCoefficients, secondCoefficients;
  if (!ensemble && options.windowSizes.size() > 1)
    PrepareSampling(pairs.front(), options.deformation, firstCoefficients, secondCoefficients,
                    sampled);
  const ValidationParameters validation = ParametersOf(options.validation);
  const int passes = int(options.windowSizes.size());
  PivField previous, field;
  PassGrid previousGrid;
  std::vector<float> deformedFirst, deformedSecond, smoothU, smoothV;
  for (int pass = 0; pass < passes; ++pass) {
    scope.checkCancelled();
    if (options.progress) options.progress(double(pass) / passes);
    const PassGrid g = PlanPass(width, height, options, std::size_t(pass));
    field.resize(g.columns, g.rows);
    GridView predictor;
    if (pass > 0)
      predictor = PredictorOf(previous, previousGrid, options.predictorSmoothing, smoothU, smoothV);
    if (ensemble) {
      EnsemblePass(pairs, mask, g, pass > 0 ? &predictor : nullptr, options, scope, field);
    } else if (pass == 0) {
      CorrelatePassCpu(pairs.front(), mask, g, nullptr, options, field);
    } else {
      DeformFrames(sampled, predictor, options.deformation, deformedFirst, deformedSecond);
      const FramePair deformed{deformedFirst.data(), deformedSecond.data(), width, height};
      CorrelatePassCpu(deformed, mask, g, &predictor, options, field);
    }
    ValidateArrays(field.u.data(), field.v.data(), field.peakToPeak.data(), field.flags.data(),
                   g.columns, g.rows, validation);
    field.windowSize = g.windowSize;
    field.step = g.step;
    std::swap(previous, field);
    previousGrid = g;
  }
  previous.passes = passes;
  previous.backendUsed = Backend::CPU;
  return previous;
}

} // namespace cumed::piv::detail
