// Elementwise kernels: one grid-stride kernel per formula, each the device twin of a CpuEngine
// loop (the formulas are those of BinaryMorphology.h and ITK's SubtractImageFilter).
#include "ElementwiseKernels.h"

#include "../src/BinaryValueMapping.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/PixelType.h"

namespace cumed::morphology::cuda {
namespace {

template <class F> __global__ void ForEachKernel(std::size_t n, F f) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    f(i);
}

template <class F> void ForEach(std::size_t n, CUstream_st* stream, const char* name, F f) {
  if (n == 0) return;
  const unsigned block = 256;
  const std::size_t wanted = (n + block - 1) / block;
  const unsigned grid = static_cast<unsigned>(wanted < 1u << 20 ? wanted : 1u << 20);
  ForEachKernel<<<grid, block, 0, stream>>>(n, f);
  CUMED_CHECK_LAUNCH(name);
}

} // namespace

template <class T>
void LaunchSubtract(const T* a, const T* b, T* out, std::size_t n, CUstream_st* stream) {
  ForEach(n, stream, "Subtract",
          [=] __device__(std::size_t i) { out[i] = static_cast<T>(a[i] - b[i]); });
}

template <class T>
void LaunchForegroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n,
                          CUstream_st* stream) {
  ForEach(n, stream, "ForegroundMask",
          [=] __device__(std::size_t i) { mask[i] = in[i] == foreground; });
}

template <class T>
void LaunchApplyDilated(const std::uint8_t* reached, const T* in, T foreground, T background,
                        T* out, std::size_t n, CUstream_st* stream) {
  ForEach(n, stream, "ApplyDilated", [=] __device__(std::size_t i) {
    out[i] = detail::DilatedValue(reached[i] != 0, in[i], foreground, background);
  });
}

template <class T>
void LaunchApplyEroded(const std::uint8_t* kept, const T* in, T foreground, T background, T* out,
                       std::size_t n, CUstream_st* stream) {
  ForEach(n, stream, "ApplyEroded", [=] __device__(std::size_t i) {
    out[i] = detail::ErodedValue(kept[i] != 0, in[i], foreground, background);
  });
}

template <class T>
void LaunchRestoreUnclosed(const T* closed, const T* in, T foreground, T* out, std::size_t n,
                           CUstream_st* stream) {
  ForEach(n, stream, "RestoreUnclosed",
          [=] __device__(std::size_t i) { out[i] = closed[i] == foreground ? foreground : in[i]; });
}

template <class T>
__global__ void CountInRangeKernel(const T* in, std::size_t n, T lower, T upper,
                                   unsigned long long* total) {
  unsigned count = 0;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    count += lower <= in[i] && in[i] <= upper;
  for (int offset = 16; offset > 0; offset /= 2) // one atomic per warp (sm_75 has no reduce)
    count += __shfl_down_sync(0xffffffffu, count, offset);
  if ((threadIdx.x & 31) == 0 && count) atomicAdd(total, static_cast<unsigned long long>(count));
}

template <class T>
void LaunchCountInRange(const T* in, std::size_t n, T lower, T upper, unsigned long long* total,
                        CUstream_st* stream) {
  if (n == 0) return;
  const unsigned block = 256;
  const std::size_t wanted = (n + block - 1) / block;
  const unsigned grid = static_cast<unsigned>(wanted < 4096 ? wanted : 4096);
  CountInRangeKernel<<<grid, block, 0, stream>>>(in, n, lower, upper, total);
  CUMED_CHECK_LAUNCH("CountInRange");
}

#define CUMED_INSTANTIATE_COUNT(T)                                                                 \
  template void LaunchCountInRange<T>(const T*, std::size_t, T, T, unsigned long long*,            \
                                      CUstream_st*);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE_COUNT)
#undef CUMED_INSTANTIATE_COUNT

template <class TIn, class TOut>
void LaunchBinaryThreshold(const TIn* in, TIn lower, TIn upper, TOut inside, TOut outside,
                           TOut* out, std::size_t n, CUstream_st* stream) {
  ForEach(n, stream, "BinaryThreshold", [=] __device__(std::size_t i) {
    const TIn v = in[i];
    out[i] = lower <= v && v <= upper ? inside : outside;
  });
}

#define CUMED_INSTANTIATE_THRESHOLD(TIn, TOut)                                                     \
  template void LaunchBinaryThreshold<TIn, TOut>(const TIn*, TIn, TIn, TOut, TOut, TOut*,          \
                                                 std::size_t, CUstream_st*);
CUMED_FOR_EACH_PIXEL_TYPE_PAIR(CUMED_INSTANTIATE_THRESHOLD)
#undef CUMED_INSTANTIATE_THRESHOLD

#define CUMED_INSTANTIATE(T)                                                                       \
  template void LaunchSubtract<T>(const T*, const T*, T*, std::size_t, CUstream_st*);              \
  template void LaunchForegroundMask<T>(const T*, T, std::uint8_t*, std::size_t, CUstream_st*);    \
  template void LaunchApplyDilated<T>(const std::uint8_t*, const T*, T, T, T*, std::size_t,        \
                                      CUstream_st*);                                               \
  template void LaunchApplyEroded<T>(const std::uint8_t*, const T*, T, T, T*, std::size_t,         \
                                     CUstream_st*);                                                \
  template void LaunchRestoreUnclosed<T>(const T*, const T*, T, T*, std::size_t, CUstream_st*);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda
