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
#include "cuda/WindowStore.cuh"
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

/// exp(-2 pi i k / 64), k = 0..31 (cos and -sin in double, rounded to float): every buffer size's
/// twiddles, exp(-2 pi i j / N) = kTwiddle64[j * 64 / N]. In constant memory and read at indices
/// the unrolled transforms know at compile time, so each twiddle is an operand of the multiply
/// itself: no shared-memory table to fill, no shared-memory load per twiddle.
__constant__ float2 kTwiddle64[32] = {{1.f, 0.f},
                                      {0.99518472f, -0.0980171412f},
                                      {0.980785251f, -0.195090324f},
                                      {0.956940353f, -0.290284663f},
                                      {0.923879504f, -0.382683426f},
                                      {0.881921291f, -0.471396744f},
                                      {0.831469595f, -0.555570245f},
                                      {0.773010433f, -0.634393275f},
                                      {0.707106769f, -0.707106769f},
                                      {0.634393275f, -0.773010433f},
                                      {0.555570245f, -0.831469595f},
                                      {0.471396744f, -0.881921291f},
                                      {0.382683426f, -0.923879504f},
                                      {0.290284663f, -0.956940353f},
                                      {0.195090324f, -0.980785251f},
                                      {0.0980171412f, -0.99518472f},
                                      {0.f, -1.f},
                                      {-0.0980171412f, -0.99518472f},
                                      {-0.195090324f, -0.980785251f},
                                      {-0.290284663f, -0.956940353f},
                                      {-0.382683426f, -0.923879504f},
                                      {-0.471396744f, -0.881921291f},
                                      {-0.555570245f, -0.831469595f},
                                      {-0.634393275f, -0.773010433f},
                                      {-0.707106769f, -0.707106769f},
                                      {-0.773010433f, -0.634393275f},
                                      {-0.831469595f, -0.555570245f},
                                      {-0.881921291f, -0.471396744f},
                                      {-0.923879504f, -0.382683426f},
                                      {-0.956940353f, -0.290284663f},
                                      {-0.980785251f, -0.195090324f},
                                      {-0.99518472f, -0.0980171412f}};

/// exp(-2 pi i j / N) for a compile-time j.
template <int N> __device__ __forceinline__ float2 Twiddle(int j) {
  static_assert(N >= 2 && N <= 64 && 64 % N == 0, "a buffer size of 8, 16, 32 or 64 px");
  return kTwiddle64[j * (64 / N)];
}

/// One radix-2 stage of Transform: butterflies of span 2 * Half (a template, so that every
/// index is a constant and x stays in registers). N = M * Stride: the twiddles' line length.
template <int M, int Stride, int Half>
__device__ __forceinline__ void TransformStage(float2 (&x)[M]) {
#pragma unroll
  for (int start = 0; start < M; start += 2 * Half) {
#pragma unroll
    for (int k = 0; k < Half; ++k) {
      const float2 a = x[start + k], odd = x[start + k + Half];
      // The twiddle of k = 0 is 1 and that of k = Half / 2 is -i: no multiply (a third of them).
      const float2 b = k == 0 ? odd
                       : 2 * k == Half
                           ? make_float2(odd.y, -odd.x)
                           : Multiply(odd, Twiddle<M * Stride>(k * (M / (2 * Half)) * Stride));
      x[start + k] = make_float2(a.x + b.x, a.y + b.y);
      x[start + k + Half] = make_float2(a.x - b.x, a.y - b.y);
    }
  }
  if constexpr (2 * Half < M) TransformStage<M, Stride, 2 * Half>(x);
}

/// How a group of threads covers an N x N buffer: L threads per line (row or column) of N
/// points, M = N / L points each. One thread per line up to 32 px; for 64 px two (the registers
/// of a whole 64-point line leave too few threads resident), each holding the even or the odd
/// points of its line and exchanging them with its partner (lane ^ 16) for the last stage.
template <int N> struct Layout {
  static constexpr int L = N >= 64 ? 2 : 1;
  static constexpr int M = N / L;
  static constexpr int Threads = N * L;                              ///< per window
  static constexpr int Windows = Threads >= 128 ? 1 : 128 / Threads; ///< per block
  /// Blocks per SM the register budget must allow (64 px: four, not the three that 146
  /// registers a thread would leave).
  static constexpr int MinBlocks = N >= 64 ? 4 : 1;
  static constexpr int Bits = Log2(M);
  __device__ static int Line(int t) { return L == 1 ? t : (t / 32) * 16 + t % 16; }
  __device__ static int Half(int t) { return L == 1 ? 0 : (t / 16) % 2; }
  /// The point of the line that register slot m holds (bit-reversed order for Transform).
  __device__ static constexpr int Point(int m, int half) { return m * L + half; }
};

/// The forward DFT along a line: x holds points Layout::Point(m) at BitReverse(m) positions;
/// afterwards x[k] is output k + half * M, in natural order.
template <int N>
__device__ __forceinline__ void TransformLine(float2 (&x)[Layout<N>::M], int half) {
  using Lay = Layout<N>;
  TransformStage<Lay::M, Lay::L, 1>(x);
  if constexpr (Lay::L == 2) {
    // Even (half 0) and odd (half 1) points transformed: X[k] = E[k] + w^k O[k] on half 0,
    // X[k + M] = E[k] - w^k O[k] on half 1.
#pragma unroll
    for (int k = 0; k < Lay::M; ++k) {
      const float2 other = make_float2(__shfl_xor_sync(0xffffffffu, x[k].x, 16),
                                       __shfl_xor_sync(0xffffffffu, x[k].y, 16));
      const float2 even = half ? other : x[k], odd = half ? x[k] : other;
      const float2 b = Multiply(odd, Twiddle<N>(k));
      x[k] =
          half ? make_float2(even.x - b.x, even.y - b.y) : make_float2(even.x + b.x, even.y + b.y);
    }
  }
}

/// The sum of the group's values in thread order (every thread gets the same float). `slots`
/// holds one value per thread of the group; the caller syncs before.
template <int Count> __device__ inline float GroupSum(const float* slots) {
  float sum = 0.f;
#pragma unroll 8
  for (int k = 0; k < Count; ++k) sum += slots[k];
  return sum;
}

/// The sum over a group of Count lanes of one warp (Count a power of two, groups aligned to it):
/// an xor butterfly of shuffles, after which every lane holds the same float (each step adds the
/// same two values, a + b == b + a). Every lane of the warp calls it.
template <int Count> __device__ __forceinline__ float WarpGroupSum(float value) {
#pragma unroll
  for (int lanes = Count / 2; lanes >= 1; lanes /= 2)
    value += __shfl_xor_sync(0xffffffffu, value, lanes);
  return value;
}

/// The largest value over the group, as WarpGroupSum (fmaxf is exact in any order).
template <int Count> __device__ __forceinline__ float WarpGroupMax(float value) {
#pragma unroll
  for (int lanes = Count / 2; lanes >= 1; lanes /= 2)
    value = fmaxf(value, __shfl_xor_sync(0xffffffffu, value, lanes));
  return value;
}

/// The group's first maximum (the largest value; ties: the smaller index), as WarpGroupSum: a
/// maximum under a total order, so the same in any order of comparison as the loop over the
/// threads it replaces.
template <int Count> __device__ __forceinline__ void WarpGroupArgMax(float& best, int& index) {
#pragma unroll
  for (int lanes = Count / 2; lanes >= 1; lanes /= 2) {
    const float value = __shfl_xor_sync(0xffffffffu, best, lanes);
    const int at = __shfl_xor_sync(0xffffffffu, index, lanes);
    if (value > best || (value == best && at < index)) {
      best = value;
      index = at;
    }
  }
}

struct PassParameters {
  PassGrid g;
  int width, height;
  const std::uint8_t* mask;
  GridView predictor;
  bool hasPredictor, removeMean, normalized;
  SubPixelFit fit;
};

template <int N, class T>
__global__ void __launch_bounds__(Layout<N>::Windows* Layout<N>::Threads, Layout<N>::MinBlocks)
    FusedCorrelationKernel(const T* __restrict__ first, const T* __restrict__ second,
                           PassParameters p, DeviceFieldView field) {
  using Lay = Layout<N>;
  constexpr int G = Lay::Windows, M = Lay::M, Pitch = N + 1, Threads = Lay::Threads;
  // Up to 32 px a window's group lies within one warp (blocks of 128 threads, groups of 8, 16 or
  // 32): its sums and maxima go through shuffles, without shared memory or block barriers. 64 px
  // groups span four warps and go through the slots.
  constexpr bool InWarp = Threads <= 32;
  __shared__ float2 tiles[G][N * Pitch];
  constexpr int SlotThreads = InWarp ? 1 : Threads; // the slots serve 64 px groups alone
  __shared__ float slots[G][5][SlotThreads];
  __shared__ int indexSlots[G][SlotThreads];

  const int group = threadIdx.x / Threads, t = threadIdx.x % Threads;
  const int line = Lay::Line(t), half = Lay::Half(t);
  const PassGrid& g = p.g;
  const int window = blockIdx.x * G + group;
  const bool active = window < g.count();
  const int column = active ? window % g.columns : 0, row = active ? window / g.columns : 0;
  float2* tile = tiles[group];

  // Column `line` of both windows (coalesced: neighbouring threads read neighbouring pixels),
  // the first frame's in .x, the second's in .y. Without search extension or zero padding (the
  // usual case) every buffer pixel is a pixel of both windows, inside the frame: no tests.
  const bool whole = g.extension == 0 && g.fftSize == g.windowSize;
  // The sums are of differences from one pixel of each window (in both): a flat window's mean
  // is that pixel exactly and its buffers exactly zero, as on the CPU (a float sum of equal
  // values rounds, and the noise left would make a peak).
  const int refX = max(0, column * g.step - g.extension), refY = max(0, row * g.step - g.extension);
  const float refA =
      active ? float(first[std::size_t(row * g.step) * p.width + column * g.step]) : 0.f;
  const float refB = active ? float(second[std::size_t(refY) * p.width + refX]) : 0.f;
  float2 x[M];
  float sumA = 0.f, sumB = 0.f, countB = 0.f;
  int px, py;
  if (whole) {
    const std::size_t origin =
        std::size_t(row * g.step) * p.width + std::size_t(column * g.step) + line;
#pragma unroll
    for (int m = 0; m < M; ++m) {
      const std::size_t at = origin + std::size_t(Lay::Point(m, half)) * p.width;
      const float a = active ? float(first[at]) : 0.f;
      const float b = active ? float(second[at]) : 0.f;
      sumA += a - refA;
      sumB += b - refB;
      x[BitReverse(m, Lay::Bits)] = make_float2(a, b);
    }
    countB = float(M);
  } else {
#pragma unroll
    for (int m = 0; m < M; ++m) {
      const int j = Lay::Point(m, half);
      float a = 0.f, b = 0.f;
      if (active && FirstFramePixel(g, column, row, line, j, px, py)) {
        a = float(first[py * p.width + px]);
        sumA += a - refA;
      }
      if (active && SecondFramePixel(g, column, row, line, j, p.width, p.height, px, py)) {
        b = float(second[py * p.width + px]);
        sumB += b - refB;
        countB += 1.f;
      }
      x[BitReverse(m, Lay::Bits)] = make_float2(a, b);
    }
  }
  if constexpr (InWarp) {
    sumA = WarpGroupSum<Threads>(sumA);
    sumB = WarpGroupSum<Threads>(sumB);
    countB = WarpGroupSum<Threads>(countB);
  } else {
    slots[group][0][t] = sumA;
    slots[group][1][t] = sumB;
    slots[group][2][t] = countB;
    __syncthreads();
    sumA = GroupSum<Threads>(slots[group][0]);
    sumB = GroupSum<Threads>(slots[group][1]);
    countB = GroupSum<Threads>(slots[group][2]);
  }
  float meanA = 0.f, meanB = 0.f;
  if (p.removeMean) {
    meanA = refA + sumA / float(g.windowSize * g.windowSize);
    meanB = countB > 0.f ? refB + sumB / countB : 0.f;
  }
  float energyA = 0.f, energyB = 0.f;
#pragma unroll
  for (int m = 0; m < M; ++m) {
    const int j = Lay::Point(m, half);
    float2& v = x[BitReverse(m, Lay::Bits)];
    if (whole || FirstFramePixel(g, column, row, line, j, px, py)) v.x -= meanA;
    if (whole || SecondFramePixel(g, column, row, line, j, p.width, p.height, px, py)) v.y -= meanB;
    energyA += v.x * v.x;
    energyB += v.y * v.y;
  }
  if constexpr (InWarp) {
    if (p.normalized) { // the same for every thread of the block
      energyA = WarpGroupSum<Threads>(energyA);
      energyB = WarpGroupSum<Threads>(energyB);
    }
  } else {
    slots[group][3][t] = energyA;
    slots[group][4][t] = energyB;
  }

  // Columns, then rows: Z = FFT2(a + i b).
  TransformLine<N>(x, half);
#pragma unroll
  for (int k = 0; k < M; ++k) tile[(k + half * M) * Pitch + line] = x[k];
  __syncthreads();
#pragma unroll
  for (int m = 0; m < M; ++m)
    x[BitReverse(m, Lay::Bits)] = tile[line * Pitch + Lay::Point(m, half)];
  TransformLine<N>(x, half);
#pragma unroll
  for (int k = 0; k < M; ++k) tile[line * Pitch + k + half * M] = x[k];
  __syncthreads();

  // conj(A) B from P = Z(k) and Q = conj(Z(-k)): A = (P + Q) / 2, B = (P - Q) / 2i. Scaled as
  // the library path scales it, then conjugated: the real part of a forward transform of
  // conj(C) is the inverse transform of C.
  float scale = 1.f / float(N * N);
  if (p.normalized) {
    double ea = energyA, eb = energyB; // summed by the shuffles above
    if constexpr (!InWarp) {
      ea = GroupSum<Threads>(slots[group][3]);
      eb = GroupSum<Threads>(slots[group][4]);
    }
    scale = ea > 0 && eb > 0 ? float(1.0 / (double(N * N) * sqrt(ea * eb))) : 0.f;
  }
  const int mirrorRow = (N - line) % N;
#pragma unroll
  for (int m = 0; m < M; ++m) {
    const int k = Lay::Point(m, half);
    const float2 P = tile[line * Pitch + k];
    const float2 Z = tile[mirrorRow * Pitch + (N - k) % N];
    const float2 S = make_float2(P.x + Z.x, P.y - Z.y), D = make_float2(P.x - Z.x, P.y + Z.y);
    const float re = 0.25f * (S.x * D.y - S.y * D.x), im = -0.25f * (S.x * D.x + S.y * D.y);
    x[BitReverse(m, Lay::Bits)] = make_float2(re * scale, -im * scale);
  }
  __syncthreads(); // every thread has read its mirror row
  TransformLine<N>(x, half);
#pragma unroll
  for (int k = 0; k < M; ++k) tile[line * Pitch + k + half * M] = x[k];
  __syncthreads();
#pragma unroll
  for (int m = 0; m < M; ++m)
    x[BitReverse(m, Lay::Bits)] = tile[Lay::Point(m, half) * Pitch + line];
  TransformLine<N>(x, half);
  __syncthreads(); // every thread has read its column

  // The plane, row-major (as EvaluatePeak reads it), over the tile; the thread holds rows
  // half * M .. half * M + M - 1 of column `line`.
  float* plane = reinterpret_cast<float*>(tile);
  float best = -3.402823466e38f;
  int bestIndex = 0x7fffffff;
#pragma unroll
  for (int k = 0; k < M; ++k) {
    const int index = (k + half * M) * N + line;
    plane[index] = x[k].x;
    if (x[k].x > best) { // ascending rows: ascending index, so a thread keeps its first maximum
      best = x[k].x;
      bestIndex = index;
    }
  }
  if constexpr (InWarp) {
    WarpGroupArgMax<Threads>(best, bestIndex);
  } else {
    slots[group][0][t] = best;
    indexSlots[group][t] = bestIndex;
    __syncthreads();
    for (int k = 0; k < Threads; ++k) { // the group's first maximum (ties: the smaller index)
      const float value = slots[group][0][k];
      const int index = indexSlots[group][k];
      if (value > best || (value == best && index < bestIndex)) {
        best = value;
        bestIndex = index;
      }
    }
  }
  float secondPeak = -3.402823466e38f, positive = 0.f;
#pragma unroll
  for (int k = 0; k < M; ++k) {
    const float value = x[k].x;
    if (value > 0.f) positive += value;
    if (!NearPeak((k + half * M) * N + line, bestIndex, N)) secondPeak = fmaxf(secondPeak, value);
  }
  if constexpr (InWarp) {
    secondPeak = WarpGroupMax<Threads>(secondPeak);
    positive = WarpGroupSum<Threads>(positive);
    __syncwarp(); // the group's plane (written above) visible to its first thread
  } else {
    __syncthreads(); // every thread has read the maxima
    slots[group][1][t] = secondPeak;
    slots[group][2][t] = positive;
    __syncthreads();
  }
  if (!active || t != 0) return;
  if constexpr (!InWarp) {
    for (int k = 0; k < Threads; ++k) secondPeak = fmaxf(secondPeak, slots[group][1][k]);
    positive = GroupSum<Threads>(slots[group][2]);
  }

  if (p.mask && p.mask[MaskPixelIndex(g, column, row, p.width)])
    return StoreMaskedWindow(field, window);
  PlaneSearch s;
  s.peakIndex = bestIndex;
  s.peak = best;
  s.second = secondPeak;
  s.positiveSum = positive;
  StoreWindowVector(field, window, EvaluatePeak(plane, g, s, p.fit), g, column, row,
                    p.hasPredictor ? &p.predictor : nullptr);
}

template <int N, class T>
void Launch(const void* first, const void* second, const PassParameters& p,
            const DeviceFieldView& field, CUstream_st* stream) {
  constexpr int G = Layout<N>::Windows;
  const unsigned blocks = unsigned((p.g.count() + G - 1) / G);
  FusedCorrelationKernel<N, T><<<blocks, G * Layout<N>::Threads, 0, stream>>>(
      static_cast<const T*>(first), static_cast<const T*>(second), p, field);
  CUMED_CHECK_LAUNCH("FusedCorrelationKernel");
}

template <class T>
void LaunchForSize(const void* first, const void* second, const PassParameters& p,
                   const DeviceFieldView& field, CUstream_st* stream) {
  switch (p.g.fftSize) {
  case 8:
    return Launch<8, T>(first, second, p, field, stream);
  case 16:
    return Launch<16, T>(first, second, p, field, stream);
  case 32:
    return Launch<32, T>(first, second, p, field, stream);
  case 64:
    return Launch<64, T>(first, second, p, field, stream);
  default:
    throw InvalidArgument("FusedCorrelation: no fused kernel for this buffer size");
  }
}

} // namespace

bool FusedCorrelationFits(const PassGrid& g) {
  const int n = g.fftSize;
  return n == 8 || n == 16 || n == 32 || n == 64;
}

void LaunchFusedCorrelation(const void* first, const void* second, PixelType type, int width,
                            int height, const std::uint8_t* mask, const PassGrid& g,
                            const GridView* predictor, const PivOptions& options,
                            const DeviceFieldView& field, CUstream_st* stream) {
  const PassParameters p{g,
                         width,
                         height,
                         mask,
                         predictor ? *predictor : GridView{},
                         predictor != nullptr,
                         options.removeMean,
                         options.normalizedCorrelation,
                         options.subPixel};
  switch (type) {
  case PixelType::UInt8:
    return LaunchForSize<std::uint8_t>(first, second, p, field, stream);
  case PixelType::Int16:
    return LaunchForSize<std::int16_t>(first, second, p, field, stream);
  case PixelType::UInt16:
    return LaunchForSize<std::uint16_t>(first, second, p, field, stream);
  case PixelType::Float32:
    return LaunchForSize<float>(first, second, p, field, stream);
  }
}

} // namespace cumed::piv::detail
