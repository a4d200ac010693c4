// Frame conversion, spline prefilter and symmetric deformation kernels (formulas in
// src/Sampling.h, shared with the CPU).
#include "cuda/PivKernels.h"

#include "cumed/core/CudaCheck.h"

#include <cstdint>

namespace cumed::piv::detail {

namespace {

template <class T>
__global__ void ToFloatKernel(const T* source, float* target, std::size_t count) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < count) target[i] = float(source[i]);
}

/// The spline prefilter is a recursion along each line: serial, and with one thread per line
/// (1024 of them for a 1024^2 frame) each step waited for a global load. Here a block copies its
/// line into shared memory (coalesced for rows), one thread runs the recursion there, and the
/// block copies it back: the same operations in the same order.
__global__ void PrefilterLinesKernel(float* image, int length, std::size_t step,
                                     std::size_t lineStep) {
  extern __shared__ float line[];
  float* first = image + blockIdx.x * lineStep;
  for (int i = threadIdx.x; i < length; i += blockDim.x) line[i] = first[i * step];
  __syncthreads();
  if (threadIdx.x == 0) PrefilterCubicBSpline(line, length, 1);
  __syncthreads();
  for (int i = threadIdx.x; i < length; i += blockDim.x) first[i * step] = line[i];
}

/// Lines longer than the shared memory holds: the recursion in global memory, a thread a line.
__global__ void PrefilterLinesInPlaceKernel(float* image, int length, int count, std::size_t step,
                                            std::size_t lineStep) {
  const int l = blockIdx.x * blockDim.x + threadIdx.x;
  if (l < count) PrefilterCubicBSpline(image + l * lineStep, length, int(step));
}

void PrefilterLines(float* image, int length, int count, std::size_t step, std::size_t lineStep,
                    cudaStream_t stream) {
  constexpr int kMaxSharedFloats = 12 * 1024; // 48 KiB: no opt-in needed
  if (length <= kMaxSharedFloats) {
    PrefilterLinesKernel<<<count, 128, length * sizeof(float), stream>>>(image, length, step,
                                                                         lineStep);
  } else {
    PrefilterLinesInPlaceKernel<<<(count + 127) / 128, 128, 0, stream>>>(image, length, count, step,
                                                                         lineStep);
  }
  CUMED_CHECK_LAUNCH("PrefilterLinesKernel");
}

/// One kernel per interpolation, so the Lanczos taps unroll with nothing else around them. The
/// frames are read-only here and never alias the outputs (__restrict__): their loads may take the
/// read-only data path.
template <Interpolation I>
__global__ void DeformKernel(const float* __restrict__ first, const float* __restrict__ second,
                             int width, int height, GridView predictor,
                             float* __restrict__ outFirst, float* __restrict__ outSecond) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const std::size_t i = std::size_t(y) * width + x;
  DeformPixelWith<I>(first, second, width, height, predictor, x, y, outFirst[i], outSecond[i]);
}

__global__ void SmoothPredictorKernel(DeviceFieldView f, int radius, float* u, float* v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= f.columns * f.rows) return;
  SmoothedAt(f.u, f.v, f.flags, f.columns, f.rows, i % f.columns, i / f.columns, radius, u[i],
             v[i]);
}

template <class T>
void ToFloat(const void* source, float* target, std::size_t count, cudaStream_t stream) {
  const unsigned blocks = unsigned((count + 255) / 256);
  ToFloatKernel<T><<<blocks, 256, 0, stream>>>(static_cast<const T*>(source), target, count);
  CUMED_CHECK_LAUNCH("ToFloatKernel");
}

} // namespace

void LaunchToFloat(const void* source, PixelType type, float* target, std::size_t count,
                   CUstream_st* stream) {
  switch (type) {
  case PixelType::UInt8:
    return ToFloat<std::uint8_t>(source, target, count, stream);
  case PixelType::Int16:
    return ToFloat<std::int16_t>(source, target, count, stream);
  case PixelType::UInt16:
    return ToFloat<std::uint16_t>(source, target, count, stream);
  case PixelType::Float32:
    return ToFloat<float>(source, target, count, stream);
  }
}

void LaunchPrefilter(float* image, int width, int height, CUstream_st* stream) {
  PrefilterLines(image, width, height, 1, std::size_t(width), stream); // rows
  PrefilterLines(image, height, width, std::size_t(width), 1, stream); // columns
}

void LaunchSmoothPredictor(const DeviceFieldView& field, int radius, float* u, float* v,
                           CUstream_st* stream) {
  const int count = field.columns * field.rows;
  SmoothPredictorKernel<<<(count + 255) / 256, 256, 0, stream>>>(field, radius, u, v);
  CUMED_CHECK_LAUNCH("SmoothPredictorKernel");
}

void LaunchDeform(const float* first, const float* second, int width, int height,
                  const GridView& predictor, Interpolation interpolation, float* outFirst,
                  float* outSecond, CUstream_st* stream) {
  const dim3 block(32, 8);
  const dim3 grid((width + 31) / 32, (height + 7) / 8);
  switch (interpolation) {
  case Interpolation::Lanczos:
    DeformKernel<Interpolation::Lanczos>
        <<<grid, block, 0, stream>>>(first, second, width, height, predictor, outFirst, outSecond);
    break;
  case Interpolation::Bicubic:
    DeformKernel<Interpolation::Bicubic>
        <<<grid, block, 0, stream>>>(first, second, width, height, predictor, outFirst, outSecond);
    break;
  case Interpolation::Bilinear:
    DeformKernel<Interpolation::Bilinear>
        <<<grid, block, 0, stream>>>(first, second, width, height, predictor, outFirst, outSecond);
    break;
  }
  CUMED_CHECK_LAUNCH("DeformKernel");
}

} // namespace cumed::piv::detail
