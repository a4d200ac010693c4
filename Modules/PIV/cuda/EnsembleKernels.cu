// Ensemble correlation: the sum of the pairs' correlation planes.
#include "cuda/PivKernels.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::piv::detail {

namespace {

// Two roundings, as the CPU's `sum += plane` and then `sum *= scale` (no fused multiply-add).
__global__ void AccumulatePlanesKernel(float* sum, const float* planes, std::size_t count,
                                       float scale) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < count) sum[i] = __fmul_rn(__fadd_rn(sum[i], planes[i]), scale);
}

} // namespace

void LaunchAccumulatePlanes(float* sum, const float* planes, std::size_t count, float scale,
                            CUstream_st* stream) {
  if (count == 0) return;
  const unsigned blocks = unsigned((count + 255) / 256);
  AccumulatePlanesKernel<<<blocks, 256, 0, stream>>>(sum, planes, count, scale);
  CUMED_CHECK_LAUNCH("AccumulatePlanesKernel");
}

} // namespace cumed::piv::detail
