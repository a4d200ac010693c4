// One thread per voxel, the same formula as the CPU (src/JacobianMath.h).
#include "src/JacobianMath.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::registration::detail {
namespace {

__global__ void JacobianDeterminantKernel(FieldShape f, const float* field, float* jacobian) {
  const std::int64_t nx = f.size[0], ny = f.size[1];
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= nx * ny * f.size[2]) return;
  jacobian[v] = VoxelJacobianDeterminant(f, field, v % nx, (v / nx) % ny, v / (nx * ny));
}

} // namespace

void JacobianDeterminantCuda(const FieldShape& f, const float* deviceField, float* deviceJacobian) {
  const std::int64_t n = f.size[0] * f.size[1] * f.size[2];
  constexpr int kThreads = 256;
  JacobianDeterminantKernel<<<static_cast<unsigned>((n + kThreads - 1) / kThreads), kThreads>>>(
      f, deviceField, deviceJacobian);
  CUMED_CHECK_LAUNCH("JacobianDeterminantKernel");
  CUMED_CUDA_CHECK(cudaDeviceSynchronize());
}

} // namespace cumed::registration::detail
