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

__global__ void PrefilterRowsKernel(float* image, int width, int height) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y < height) PrefilterCubicBSpline(image + std::size_t(y) * width, width, 1);
}

__global__ void PrefilterColumnsKernel(float* image, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < width) PrefilterCubicBSpline(image + x, height, width);
}

/// One kernel per interpolation, so the Lanczos taps unroll with nothing else around them.
template <Interpolation I>
__global__ void DeformKernel(const float* first, const float* second, int width, int height,
                             GridView predictor, float* outFirst, float* outSecond) {
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
  PrefilterRowsKernel<<<(height + 127) / 128, 128, 0, stream>>>(image, width, height);
  CUMED_CHECK_LAUNCH("PrefilterRowsKernel");
  PrefilterColumnsKernel<<<(width + 127) / 128, 128, 0, stream>>>(image, width, height);
  CUMED_CHECK_LAUNCH("PrefilterColumnsKernel");
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
