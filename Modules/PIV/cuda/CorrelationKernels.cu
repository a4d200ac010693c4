// One correlation pass on the device: window extraction with mean removal, the conjugate
// product of the spectra, and the peak search with sub-pixel fit (src/PeakFit.h, shared with
// the CPU). The transforms between them are cuFFT's (cuda/PivCuda.cxx).
#include "cuda/BlockReduce.cuh"
#include "cuda/PivKernels.h"
#include "cuda/WindowStore.cuh"
#include "src/PeakFit.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::piv::detail {

namespace {

constexpr int kThreads = 256;

__global__ void ExtractKernel(const float* first, const float* second, int width, int height,
                              PassGrid g, bool removeMean, float* bufferA, float* bufferB,
                              float* energies) {
  __shared__ float shared[kReduceSlots];
  const int window = blockIdx.x;
  const int column = window % g.columns, row = window / g.columns;
  const int n = g.fftSize, plane = n * n;
  // Sums of the differences from one pixel of each window (in both): a flat window's mean is
  // that pixel exactly and its buffer exactly zero, as on the CPU (a float sum of equal values
  // rounds, and the noise left would make a peak).
  const float refA = first[std::size_t(row * g.step) * width + column * g.step];
  const int refX = max(0, column * g.step - g.extension), refY = max(0, row * g.step - g.extension);
  const float refB = second[std::size_t(refY) * width + refX];
  float sumA = 0.f, sumB = 0.f, countB = 0.f;
  int x, y;
  for (int k = threadIdx.x; k < plane; k += blockDim.x) {
    const int i = k % n, j = k / n;
    if (FirstFramePixel(g, column, row, i, j, x, y)) sumA += first[y * width + x] - refA;
    if (SecondFramePixel(g, column, row, i, j, width, height, x, y)) {
      sumB += second[y * width + x] - refB;
      countB += 1.f;
    }
  }
  sumA = BlockSum(sumA, shared);
  sumB = BlockSum(sumB, shared);
  countB = BlockSum(countB, shared);
  const float meanA = removeMean ? refA + sumA / float(g.windowSize * g.windowSize) : 0.f;
  const float meanB = removeMean && countB > 0.f ? refB + sumB / countB : 0.f;
  // A NaN or Inf pixel makes a sum non-finite: the window correlates as zeros (no peak:
  // InvalidPeak, as on the CPU). Its NaN must not reach cuFFT, whose batched transforms of some
  // sizes (57 px) let it spread into other windows.
  const bool finite = isfinite(sumA) && isfinite(sumB);
  float* a = bufferA + std::size_t(window) * plane;
  float* b = bufferB + std::size_t(window) * plane;
  float energyA = 0.f, energyB = 0.f;
  for (int k = threadIdx.x; k < plane; k += blockDim.x) {
    const int i = k % n, j = k / n;
    const float va =
        finite && FirstFramePixel(g, column, row, i, j, x, y) ? first[y * width + x] - meanA : 0.f;
    const float vb = finite && SecondFramePixel(g, column, row, i, j, width, height, x, y)
                         ? second[y * width + x] - meanB
                         : 0.f;
    a[k] = va;
    b[k] = vb;
    energyA += va * va;
    energyB += vb * vb;
  }
  energyA = BlockSum(energyA, shared);
  energyB = BlockSum(energyB, shared);
  if (threadIdx.x == 0) {
    energies[2 * window] = energyA;
    energies[2 * window + 1] = energyB;
  }
}

__global__ void ConjugateMultiplyKernel(float2* spectrumA, const float2* spectrumB,
                                        const float* energies, int spectrum, int plane,
                                        std::size_t total, bool normalized) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int window = int(i / spectrum);
  float scale = 1.f / float(plane);
  if (normalized) {
    const double ea = energies[2 * window], eb = energies[2 * window + 1];
    scale = ea > 0 && eb > 0 ? float(1.0 / (double(plane) * sqrt(ea * eb))) : 0.f;
  }
  const float2 a = spectrumA[i], b = spectrumB[i];
  // conj(A) * B: the correlation peaks at the displacement from the first frame.
  spectrumA[i] = make_float2((a.x * b.x + a.y * b.y) * scale, (a.x * b.y - a.y * b.x) * scale);
}

__global__ void ClearEmptyPlanesKernel(float* planes, const float* energies, int plane) {
  const int window = blockIdx.x;
  if (energies[2 * window] > 0.f && energies[2 * window + 1] > 0.f) return;
  float* p = planes + std::size_t(window) * plane;
  for (int k = threadIdx.x; k < plane; k += blockDim.x) p[k] = 0.f;
}

__global__ void SearchPeaksKernel(const float* planes, PassGrid g, const std::uint8_t* mask,
                                  int width, GridView predictor, bool hasPredictor, SubPixelFit fit,
                                  DeviceFieldView field) {
  __shared__ float values[kReduceSlots];
  __shared__ int indices[kReduceSlots];
  const int window = blockIdx.x;
  const int column = window % g.columns, row = window / g.columns;
  const int n = g.fftSize, size = n * n;
  if (mask && mask[MaskPixelIndex(g, column, row, width)]) {
    if (threadIdx.x == 0) StoreMaskedWindow(field, window);
    return; // the whole block returns: no reduction below is entered
  }
  const float* p = planes + std::size_t(window) * size;
  float best = -3.402823466e38f;
  int bestIndex = 0x7fffffff;
  for (int k = threadIdx.x; k < size; k += blockDim.x)
    if (p[k] > best) { // ascending k: a thread keeps its first maximum
      best = p[k];
      bestIndex = k;
    }
  BlockArgMax(best, bestIndex, values, indices);
  float second = -3.402823466e38f, positive = 0.f;
  for (int k = threadIdx.x; k < size; k += blockDim.x) {
    if (p[k] > 0.f) positive += p[k];
    if (!NearPeak(k, bestIndex, n)) second = fmaxf(second, p[k]);
  }
  second = BlockMax(second, values);
  positive = BlockSum(positive, values);
  if (threadIdx.x != 0) return;
  PlaneSearch s;
  s.peakIndex = bestIndex;
  s.peak = best;
  s.second = second;
  s.positiveSum = positive;
  StoreWindowVector(field, window, EvaluatePeak(p, g, s, fit), g, column, row,
                    hasPredictor ? &predictor : nullptr);
}

} // namespace

void LaunchExtractWindows(const float* first, const float* second, int width, int height,
                          const PassGrid& g, bool removeMean, float* bufferA, float* bufferB,
                          float* energies, CUstream_st* stream) {
  ExtractKernel<<<g.count(), kThreads, 0, stream>>>(first, second, width, height, g, removeMean,
                                                    bufferA, bufferB, energies);
  CUMED_CHECK_LAUNCH("ExtractKernel");
}

void LaunchConjugateMultiply(float* spectrumA, const float* spectrumB, const float* energies,
                             const PassGrid& g, bool normalized, CUstream_st* stream) {
  const int n = g.fftSize, spectrum = n * (n / 2 + 1);
  const std::size_t total = std::size_t(spectrum) * g.count();
  const unsigned blocks = unsigned((total + kThreads - 1) / kThreads);
  ConjugateMultiplyKernel<<<blocks, kThreads, 0, stream>>>(
      reinterpret_cast<float2*>(spectrumA), reinterpret_cast<const float2*>(spectrumB), energies,
      spectrum, n * n, total, normalized);
  CUMED_CHECK_LAUNCH("ConjugateMultiplyKernel");
}

void LaunchClearEmptyPlanes(float* planes, const float* energies, const PassGrid& g,
                            CUstream_st* stream) {
  ClearEmptyPlanesKernel<<<g.count(), kThreads, 0, stream>>>(planes, energies,
                                                             g.fftSize * g.fftSize);
  CUMED_CHECK_LAUNCH("ClearEmptyPlanesKernel");
}

void LaunchSearchPeaks(const float* planes, const PassGrid& g, const std::uint8_t* mask, int width,
                       const GridView* predictor, SubPixelFit fit, const DeviceFieldView& field,
                       CUstream_st* stream) {
  SearchPeaksKernel<<<g.count(), kThreads, 0, stream>>>(planes, g, mask, width,
                                                        predictor ? *predictor : GridView{},
                                                        predictor != nullptr, fit, field);
  CUMED_CHECK_LAUNCH("SearchPeaksKernel");
}

} // namespace cumed::piv::detail
