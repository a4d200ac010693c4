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

PivField RunPivCpu(const float* first, const float* second, int width, int height,
                   const std::uint8_t* mask, const PivOptions& options, ExecutionScope& scope) {
  const FramePair original{first, second, width, height};
  FramePair sampled;
  std::vector<float> firstCoefficients, secondCoefficients;
  if (options.windowSizes.size() > 1)
    PrepareSampling(original, options.deformation, firstCoefficients, secondCoefficients, sampled);
  const ValidationParameters validation = ParametersOf(options.validation);
  const int passes = int(options.windowSizes.size());
  PivField previous, field;
  PassGrid previousGrid;
  std::vector<float> deformedFirst, deformedSecond, smoothU, smoothV;
  for (int pass = 0; pass < passes; ++pass) {
    scope.checkCancelled();
    if (options.progress) options.progress(double(pass) / passes);
    const PassGrid g = PlanPass(width, height, options.windowSizes[pass], options.overlap,
                                pass == 0 ? options.searchExtension : 0, options.zeroPadding);
    field.resize(g.columns, g.rows);
    if (pass == 0) {
      CorrelatePassCpu(original, mask, g, nullptr, options, field);
    } else {
      const GridView predictor =
          PredictorOf(previous, previousGrid, options.predictorSmoothing, smoothU, smoothV);
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
