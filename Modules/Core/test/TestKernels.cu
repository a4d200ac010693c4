#include "TestKernels.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::test {

__global__ void FillKernel(int* data, std::size_t n, int value) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) data[i] = value;
}

void LaunchFill(int* deviceData, std::size_t n, int value, unsigned blockSize,
                CUstream_st* stream) {
  const unsigned grid = static_cast<unsigned>((n + blockSize - 1) / blockSize);
  FillKernel<<<grid, blockSize, 0, stream>>>(deviceData, n, value);
  CUMED_CHECK_LAUNCH("FillKernel");
}

} // namespace cumed::test
