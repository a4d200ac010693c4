// One correlation pass in one launch, for correlation buffers of 8, 16, 32 or 64 px: each window
// is read once from the frames, and its mean removal, transforms, conjugate product, inverse
// transform, peak search and sub-pixel fit (src/PeakFit.h, as the CPU) all happen in shared
// memory and registers. The library path (extraction, cuFFT R2C, product, C2R, search: five
// launches and the planes through global memory) stays for every other size.
//
// Both frames' windows go into one complex transform, z = a + i b, and the two spectra are
// separated from Z(k) and Z(-k). A group of N threads serves one window: thread t holds column t
// (or row t) of N complex values in registers and transforms it there (radix 2, unrolled); the
// tile in shared memory (rows padded to N + 1 for conflict-free rows and columns) turns columns
// into rows.
#include "cuda/PivKernels.h"
#include "src/PeakFit.h"
#include "src/Sampling.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/Error.h"

namespace cumed::piv::detail {

namespace {

constexpr __host__ __device__ int Log2(int n) {
  return n <= 1 ? 0 : 1 + Log2(n / 2);
}

/// value's lowest `bits` bits reversed (a constant where value is: registers stay registers).
__device__ __forceinline__ int BitReverse(int value, int bits) {
  return int(__brev(unsigned(value)) >> (32 - bits));
}

__device__ inline float2 Multiply(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

/// One radix-2 stage of Transform: butterflies of span 2 * Half (a template, so that every
/// index is a constant and x stays in registers).
template <int N, int Half>
__device__ __forceinline__ void TransformStage(float2 (&x)[N], const float2* twiddle) {
#pragma unroll
  for (int start = 0; start < N; start += 2 * Half) {
#pragma unroll
    for (int k = 0; k < Half; ++k) {
      const float2 a = x[start + k], odd = x[start + k + Half];
      // The twiddle of k = 0 is 1 and that of k = Half / 2 is -i: no multiply (a third of them).
      const float2 b = k == 0          ? odd
                       : 2 * k == Half ? make_float2(odd.y, -odd.x)
                                       : Multiply(odd, twiddle[k * (N / (2 * Half))]);
      x[start + k] = make_float2(a.x + b.x, a.y + b.y);
      x[start + k + Half] = make_float2(a.x - b.x, a.y - b.y);
    }
  }
  if constexpr (2 * Half < N) TransformStage<N, 2 * Half>(x, twiddle);
}

/// In-place forward DFT of x, given in bit-reversed order, into natural order; twiddle[k] =
/// exp(-2 pi i k / N).
template <int N> __device__ __forceinline__ void Transform(float2 (&x)[N], const float2* twiddle) {
  TransformStage<N, 1>(x, twiddle);
}

/// The sum of one value per thread of a group, in thread order (every thread of the group gets
/// the same float). `slots` holds the group's N floats; the caller syncs before and after.
template <int N> __device__ inline float GroupSum(const float* slots) {
  float sum = 0.f;
#pragma unroll 8
  for (int k = 0; k < N; ++k) sum += slots[k];
  return sum;
}

struct PassParameters {
  PassGrid g;
  int width, height;
  const std::uint8_t* mask;
  GridView predictor;
  bool hasPredictor, removeMean, normalized, correctPairLoss;
  SubPixelFit fit;
};

template <int N> constexpr __host__ __device__ int WindowsPerBlock() {
  return N >= 64 ? 1 : 128 / N;
}

template <int N>
__global__ void __launch_bounds__(WindowsPerBlock<N>() * N)
    FusedCorrelationKernel(const float* __restrict__ first, const float* __restrict__ second,
                           PassParameters p, DeviceFieldView field) {
  constexpr int G = WindowsPerBlock<N>(), Bits = Log2(N), Pitch = N + 1;
  __shared__ float2 tiles[G][N * Pitch];
  __shared__ float2 twiddle[N / 2];
  __shared__ float slots[G][5][N];
  __shared__ int indexSlots[G][N];

  const int group = threadIdx.x / N, t = threadIdx.x % N;
  const PassGrid& g = p.g;
  const int window = blockIdx.x * G + group;
  const bool active = window < g.count();
  const int column = active ? window % g.columns : 0, row = active ? window / g.columns : 0;
  float2* tile = tiles[group];
  if (threadIdx.x < N / 2) {
    float s, c;
    sincospif(2.f * float(threadIdx.x) / float(N), &s, &c);
    twiddle[threadIdx.x] = make_float2(c, -s);
  }

  // Column t of both windows (coalesced: neighbouring threads read neighbouring pixels), the
  // first frame's in .x, the second's in .y, rows in bit-reversed order for the transform.
  // Without search extension or zero padding (the usual case) every buffer pixel is a pixel of
  // both windows, inside the frame: no per-pixel tests.
  const bool whole = g.extension == 0 && g.fftSize == g.windowSize;
  float2 x[N];
  float sumA = 0.f, sumB = 0.f, countB = 0.f;
  int px, py;
  if (whole) {
    const std::size_t origin =
        std::size_t(row * g.step) * p.width + std::size_t(column * g.step) + t;
#pragma unroll
    for (int j = 0; j < N; ++j) {
      const float a = active ? first[origin + std::size_t(j) * p.width] : 0.f;
      const float b = active ? second[origin + std::size_t(j) * p.width] : 0.f;
      sumA += a;
      sumB += b;
      x[BitReverse(j, Bits)] = make_float2(a, b);
    }
    countB = float(N);
  } else {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      float a = 0.f, b = 0.f;
      if (active && FirstFramePixel(g, column, row, t, j, px, py)) a = first[py * p.width + px];
      if (active && SecondFramePixel(g, column, row, t, j, p.width, p.height, px, py)) {
        b = second[py * p.width + px];
        countB += 1.f;
      }
      sumA += a;
      sumB += b;
      x[BitReverse(j, Bits)] = make_float2(a, b);
    }
  }
  slots[group][0][t] = sumA;
  slots[group][1][t] = sumB;
  slots[group][2][t] = countB;
  __syncthreads();
  float meanA = 0.f, meanB = 0.f;
  if (p.removeMean) {
    meanA = GroupSum<N>(slots[group][0]) / float(g.windowSize * g.windowSize);
    const float count = GroupSum<N>(slots[group][2]);
    meanB = count > 0.f ? GroupSum<N>(slots[group][1]) / count : 0.f;
  }
  float energyA = 0.f, energyB = 0.f;
#pragma unroll
  for (int j = 0; j < N; ++j) {
    float2& v = x[BitReverse(j, Bits)];
    if (whole || FirstFramePixel(g, column, row, t, j, px, py)) v.x -= meanA;
    if (whole || SecondFramePixel(g, column, row, t, j, p.width, p.height, px, py)) v.y -= meanB;
    energyA += v.x * v.x;
    energyB += v.y * v.y;
  }
  slots[group][3][t] = energyA;
  slots[group][4][t] = energyB;

  // Columns, then rows: Z = FFT2(a + i b).
  Transform<N>(x, twiddle);
#pragma unroll
  for (int k = 0; k < N; ++k) tile[k * Pitch + t] = x[k];
  __syncthreads();
#pragma unroll
  for (int k = 0; k < N; ++k) x[BitReverse(k, Bits)] = tile[t * Pitch + k];
  Transform<N>(x, twiddle);
#pragma unroll
  for (int k = 0; k < N; ++k) tile[t * Pitch + k] = x[k];
  __syncthreads();

  // conj(A) B from P = Z(k) and Q = conj(Z(-k)): A = (P + Q) / 2, B = (P - Q) / 2i. Scaled as
  // the library path scales it, then conjugated: the real part of a forward transform of
  // conj(C) is the inverse transform of C.
  float scale = 1.f / float(N * N);
  if (p.normalized) {
    const double ea = GroupSum<N>(slots[group][3]), eb = GroupSum<N>(slots[group][4]);
    scale = ea > 0 && eb > 0 ? float(1.0 / (double(N * N) * sqrt(ea * eb))) : 0.f;
  }
  const int mirrorRow = (N - t) % N;
#pragma unroll
  for (int k = 0; k < N; ++k) {
    const float2 P = tile[t * Pitch + k];
    const float2 Z = tile[mirrorRow * Pitch + (N - k) % N];
    const float2 S = make_float2(P.x + Z.x, P.y - Z.y), D = make_float2(P.x - Z.x, P.y + Z.y);
    const float re = 0.25f * (S.x * D.y - S.y * D.x), im = -0.25f * (S.x * D.x + S.y * D.y);
    x[BitReverse(k, Bits)] = make_float2(re * scale, -im * scale);
  }
  __syncthreads(); // every thread has read its mirror row
  Transform<N>(x, twiddle);
#pragma unroll
  for (int k = 0; k < N; ++k) tile[t * Pitch + k] = x[k];
  __syncthreads();
#pragma unroll
  for (int k = 0; k < N; ++k) x[BitReverse(k, Bits)] = tile[k * Pitch + t];
  Transform<N>(x, twiddle);
  __syncthreads(); // every thread has read its column

  // The plane, row-major (as EvaluatePeak reads it), over the tile; thread t holds column t.
  float* plane = reinterpret_cast<float*>(tile);
  float best = -3.402823466e38f;
  int bestIndex = 0x7fffffff;
#pragma unroll
  for (int y = 0; y < N; ++y) {
    plane[y * N + t] = x[y].x;
    if (x[y].x > best) { // ascending y: ascending index, so a thread keeps its first maximum
      best = x[y].x;
      bestIndex = y * N + t;
    }
  }
  slots[group][0][t] = best;
  indexSlots[group][t] = bestIndex;
  __syncthreads();
  for (int k = 0; k < N; ++k) { // the group's first maximum (ties: the smaller index)
    const float value = slots[group][0][k];
    const int index = indexSlots[group][k];
    if (value > best || (value == best && index < bestIndex)) {
      best = value;
      bestIndex = index;
    }
  }
  float secondPeak = -3.402823466e38f, positive = 0.f;
#pragma unroll
  for (int y = 0; y < N; ++y) {
    const float value = x[y].x;
    if (value > 0.f) positive += value;
    if (!NearPeak(y * N + t, bestIndex, N)) secondPeak = fmaxf(secondPeak, value);
  }
  __syncthreads(); // every thread has read the maxima
  slots[group][1][t] = secondPeak;
  slots[group][2][t] = positive;
  __syncthreads();
  if (!active || t != 0) return;
  for (int k = 0; k < N; ++k) secondPeak = fmaxf(secondPeak, slots[group][1][k]);

  if (p.mask && p.mask[MaskPixelIndex(g, column, row, p.width)]) {
    field.u[window] = field.v[window] = field.peak[window] = field.second[window] = 0.f;
    field.peakToPeak[window] = field.peakToMean[window] = 0.f;
    field.flags[window] = Masked;
    return;
  }
  PlaneSearch s;
  s.peakIndex = bestIndex;
  s.peak = best;
  s.second = secondPeak;
  s.positiveSum = GroupSum<N>(slots[group][2]);
  const WindowVector w = EvaluatePeak(plane, g, s, p.fit, p.correctPairLoss);
  float pu = 0.f, pv = 0.f;
  if (p.hasPredictor)
    SampleGrid(p.predictor, WindowCentre(g, column), WindowCentre(g, row), pu, pv);
  field.u[window] = pu + w.u;
  field.v[window] = pv + w.v;
  field.peak[window] = w.peak;
  field.second[window] = w.second;
  field.peakToPeak[window] = w.peakToPeak;
  field.peakToMean[window] = w.peakToMean;
  field.flags[window] = w.flags;
}

template <int N>
void Launch(const float* first, const float* second, const PassParameters& p,
            const DeviceFieldView& field, CUstream_st* stream) {
  constexpr int G = WindowsPerBlock<N>();
  const unsigned blocks = unsigned((p.g.count() + G - 1) / G);
  FusedCorrelationKernel<N><<<blocks, G * N, 0, stream>>>(first, second, p, field);
  CUMED_CHECK_LAUNCH("FusedCorrelationKernel");
}

} // namespace

bool FusedCorrelationFits(const PassGrid& g) {
  const int n = g.fftSize;
  return n == 8 || n == 16 || n == 32 || n == 64;
}

void LaunchFusedCorrelation(const float* first, const float* second, int width, int height,
                            const std::uint8_t* mask, const PassGrid& g, const GridView* predictor,
                            const PivOptions& options, const DeviceFieldView& field,
                            CUstream_st* stream) {
  PassParameters p{g,
                   width,
                   height,
                   mask,
                   predictor ? *predictor : GridView{},
                   predictor != nullptr,
                   options.removeMean,
                   options.normalizedCorrelation,
                   options.pairLossCorrection,
                   options.subPixel};
  switch (g.fftSize) {
  case 8:
    return Launch<8>(first, second, p, field, stream);
  case 16:
    return Launch<16>(first, second, p, field, stream);
  case 32:
    return Launch<32>(first, second, p, field, stream);
  case 64:
    return Launch<64>(first, second, p, field, stream);
  default:
    throw InvalidArgument("FusedCorrelation: no fused kernel for this buffer size");
  }
}

} // namespace cumed::piv::detail
