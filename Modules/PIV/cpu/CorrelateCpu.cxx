#include "cpu/CorrelateCpu.h"

#include "cpu/FftwPlans.h"
#include "src/PeakFit.h"

#include <omp.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

namespace cumed::piv::detail {

namespace {

constexpr int kBatch = 16; ///< windows per FFTW call: enough to amortise the call, small in cache

/// The pixels of one frame that go into a correlation buffer: rows [rowBegin, rowEnd) of the
/// buffer take frame row `frameRow0 + j`, columns [columnBegin, columnEnd) take frame column
/// `frameColumn0 + i` (the same placement as FirstFramePixel / SecondFramePixel, row by row).
struct Placement {
  int rowBegin, rowEnd, columnBegin, columnEnd, frameRow0, frameColumn0;
};

/// Copies the placed pixels into the zeroed buffer and subtracts their mean (when asked); the
/// energy (sum of squares) of what was written.
double Place(const float* frame, int width, const Placement& p, int n, bool removeMean,
             float* buffer) {
  std::fill(buffer, buffer + std::size_t(n) * n, 0.f);
  double sum = 0;
  for (int j = p.rowBegin; j < p.rowEnd; ++j) {
    const float* src = frame + std::size_t(p.frameRow0 + j) * width + p.frameColumn0;
    for (int i = p.columnBegin; i < p.columnEnd; ++i) sum += src[i];
  }
  const long count = long(p.rowEnd - p.rowBegin) * (p.columnEnd - p.columnBegin);
  const float mean = removeMean && count > 0 ? float(sum / double(count)) : 0.f;
  double energy = 0;
  for (int j = p.rowBegin; j < p.rowEnd; ++j) {
    const float* src = frame + std::size_t(p.frameRow0 + j) * width + p.frameColumn0;
    float* dst = buffer + std::size_t(j) * n;
    for (int i = p.columnBegin; i < p.columnEnd; ++i) {
      dst[i] = src[i] - mean;
      energy += double(dst[i]) * dst[i];
    }
  }
  return energy;
}

/// Window (column, row)'s two buffers (mean removed when asked) and their energies.
void FillWindow(const FramePair& f, const PassGrid& g, int column, int row, bool removeMean,
                float* a, float* b, double& energyA, double& energyB) {
  const int x0 = column * g.step, y0 = row * g.step, e = g.extension;
  // The first frame's window, `extension` px into the buffer.
  energyA = Place(f.first, f.width, {e, e + g.windowSize, e, e + g.windowSize, y0 - e, x0 - e},
                  g.fftSize, removeMean, a);
  // The second frame's grown window, clipped to the frame.
  const int span = g.windowSize + 2 * e;
  const Placement second{std::max(0, e - y0),
                         std::min(span, f.height - (y0 - e)),
                         std::max(0, e - x0),
                         std::min(span, f.width - (x0 - e)),
                         y0 - e,
                         x0 - e};
  energyB = Place(f.second, f.width, second, g.fftSize, removeMean, b);
}

PlaneSearch SearchPlane(const float* plane, int n) {
  PlaneSearch s;
  s.peak = plane[0];
  for (int k = 1; k < n * n; ++k)
    if (plane[k] > s.peak) {
      s.peak = plane[k];
      s.peakIndex = k;
    }
  s.second = -FLT_MAX;
  for (int k = 0; k < n * n; ++k) {
    if (plane[k] > 0.f) s.positiveSum += plane[k];
    if (!NearPeak(k, s.peakIndex, n) && plane[k] > s.second) s.second = plane[k];
  }
  return s;
}

/// Per-thread transform buffers for one batch.
struct BatchBuffers {
  FftwArray<float> a, b;
  FftwArray<fftwf_complex> fa, fb;
  BatchBuffers(int n)
      : a(AllocateFftw<float>(std::size_t(kBatch) * n * n)),
        b(AllocateFftw<float>(std::size_t(kBatch) * n * n)),
        fa(AllocateFftw<fftwf_complex>(std::size_t(kBatch) * n * (n / 2 + 1))),
        fb(AllocateFftw<fftwf_complex>(std::size_t(kBatch) * n * (n / 2 + 1))) {}
};

} // namespace

namespace {

/// Correlates the windows of one batch into buf.a: each window's plane, scaled (1 / n^2, or
/// the normalisation), windows past the grid's end zero.
void CorrelateBatch(const FramePair& frames, const PassGrid& g, const PivOptions& options,
                    const BatchPlans& plans, int batch, BatchBuffers& buf) {
  const int n = g.fftSize, plane = n * n, spectrum = n * (n / 2 + 1);
  const int count = g.count();
  float scale[kBatch];
  for (int k = 0; k < kBatch; ++k) {
    const int w = batch * kBatch + k;
    float* a = buf.a.get() + std::size_t(k) * plane;
    float* b = buf.b.get() + std::size_t(k) * plane;
    if (w >= count) {
      std::fill(a, a + plane, 0.f);
      std::fill(b, b + plane, 0.f);
      scale[k] = 0.f;
      continue;
    }
    double ea, eb;
    FillWindow(frames, g, w % g.columns, w / g.columns, options.removeMean, a, b, ea, eb);
    if (!std::isfinite(ea) || !std::isfinite(eb)) {
      // A NaN or Inf pixel: the window correlates as zeros (no peak: InvalidPeak), so an
      // ensemble's sum stays finite; the same rule as the CUDA extraction.
      std::fill(a, a + plane, 0.f);
      std::fill(b, b + plane, 0.f);
      ea = eb = 0.0;
    }
    scale[k] = 1.f / float(plane);
    if (options.normalizedCorrelation)
      scale[k] = ea > 0 && eb > 0 ? float(1.0 / (double(plane) * std::sqrt(ea * eb))) : 0.f;
  }
  fftwf_execute_dft_r2c(plans.forward, buf.a.get(), buf.fa.get());
  fftwf_execute_dft_r2c(plans.forward, buf.b.get(), buf.fb.get());
  for (int k = 0; k < kBatch; ++k) {
    fftwf_complex* fa = buf.fa.get() + std::size_t(k) * spectrum;
    const fftwf_complex* fb = buf.fb.get() + std::size_t(k) * spectrum;
    for (int i = 0; i < spectrum; ++i) {
      // conj(A) * B: the correlation peaks at the displacement from the first frame.
      const float re = fa[i][0] * fb[i][0] + fa[i][1] * fb[i][1];
      const float im = fa[i][0] * fb[i][1] - fa[i][1] * fb[i][0];
      fa[i][0] = re * scale[k];
      fa[i][1] = im * scale[k];
    }
  }
  fftwf_execute_dft_c2r(plans.inverse, buf.fa.get(), buf.a.get());
}

/// Window w's vector from its correlation plane `p`: position, displacement (plus the
/// predictor), peaks, ratios, flags; a masked window gets zeros and Masked.
void StoreVector(const float* p, int w, int frameWidth, const std::uint8_t* mask, const PassGrid& g,
                 const GridView* predictor, const PivOptions& options, PivField& field) {
  const int column = w % g.columns, row = w / g.columns;
  const float cx = WindowCentre(g, column), cy = WindowCentre(g, row);
  field.x[w] = cx;
  field.y[w] = cy;
  if (mask && mask[MaskPixelIndex(g, column, row, frameWidth)]) {
    field.flags[w] = Masked;
    field.u[w] = field.v[w] = field.peak[w] = field.secondPeak[w] = 0.f;
    field.peakToPeak[w] = field.peakToMean[w] = 0.f;
    return;
  }
  const WindowVector vec = EvaluatePeak(p, g, SearchPlane(p, g.fftSize), options.subPixel);
  float pu = 0.f, pv = 0.f;
  if (predictor) SampleGrid(*predictor, cx, cy, pu, pv);
  field.u[w] = pu + vec.u;
  field.v[w] = pv + vec.v;
  field.peak[w] = vec.peak;
  field.secondPeak[w] = vec.second;
  field.peakToPeak[w] = vec.peakToPeak;
  field.peakToMean[w] = vec.peakToMean;
  field.flags[w] = vec.flags;
}

int ThreadsFor(int batches) {
  return std::max(1, std::min(omp_get_max_threads(), batches));
}

std::vector<BatchBuffers> BuffersFor(int threads, int n) {
  std::vector<BatchBuffers> buffers;
  buffers.reserve(threads);
  for (int t = 0; t < threads; ++t) buffers.emplace_back(n);
  return buffers;
}

} // namespace

void CorrelatePassCpu(const FramePair& frames, const std::uint8_t* mask, const PassGrid& g,
                      const GridView* predictor, const PivOptions& options, PivField& field) {
  const int plane = g.fftSize * g.fftSize, count = g.count();
  const int batches = (count + kBatch - 1) / kBatch;
  const BatchPlans& plans = PlansFor(g.fftSize, kBatch);
  const int threads = ThreadsFor(batches);
  std::vector<BatchBuffers> buffers = BuffersFor(threads, g.fftSize);

#pragma omp parallel for schedule(dynamic) num_threads(threads)
  for (int batch = 0; batch < batches; ++batch) {
    BatchBuffers& buf = buffers[omp_get_thread_num()];
    CorrelateBatch(frames, g, options, plans, batch, buf);
    for (int k = 0; k < kBatch && batch * kBatch + k < count; ++k)
      StoreVector(buf.a.get() + std::size_t(k) * plane, batch * kBatch + k, frames.width, mask, g,
                  predictor, options, field);
  }
}

EnsembleCorrelationCpu::EnsembleCorrelationCpu(const PassGrid& grid, const PivOptions& options)
    : grid_(grid), options_(options),
      planes_(std::size_t(grid.count()) * grid.fftSize * grid.fftSize, 0.f) {}

void EnsembleCorrelationCpu::add(const FramePair& frames) {
  const int plane = grid_.fftSize * grid_.fftSize, count = grid_.count();
  const int batches = (count + kBatch - 1) / kBatch;
  const BatchPlans& plans = PlansFor(grid_.fftSize, kBatch);
  const int threads = ThreadsFor(batches);
  std::vector<BatchBuffers> buffers = BuffersFor(threads, grid_.fftSize);

#pragma omp parallel for schedule(dynamic) num_threads(threads)
  for (int batch = 0; batch < batches; ++batch) {
    BatchBuffers& buf = buffers[omp_get_thread_num()];
    CorrelateBatch(frames, grid_, options_, plans, batch, buf);
    const int end = std::min(count, (batch + 1) * kBatch);
    const std::size_t first = std::size_t(batch) * kBatch * plane;
    const std::size_t size = std::size_t(end - batch * kBatch) * plane;
    float* sum = planes_.data() + first;
    const float* p = buf.a.get();
    for (std::size_t i = 0; i < size; ++i) sum[i] += p[i];
  }
  ++pairs_;
}

void EnsembleCorrelationCpu::evaluate(int frameWidth, const std::uint8_t* mask,
                                      const GridView* predictor, PivField& field) {
  const std::size_t plane = std::size_t(grid_.fftSize) * grid_.fftSize;
  const float scale = pairs_ > 0 ? 1.f / float(pairs_) : 0.f;
  const int count = grid_.count();
#pragma omp parallel for schedule(static)
  for (int w = 0; w < count; ++w) {
    float* p = planes_.data() + std::size_t(w) * plane;
    // The mean plane, so peak values read as a single pair's.
    for (std::size_t i = 0; i < plane; ++i) p[i] *= scale;
    StoreVector(p, w, frameWidth, mask, grid_, predictor, options_, field);
  }
}

} // namespace cumed::piv::detail
