// One thread per fixed voxel: each gathers its 4x4x4 control points (no atomics, so every run
// writes the same bits); the coefficients and the separable supports are uploaded per call.
#include "src/DisplacementFieldBackends.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"

namespace cumed::registration::detail {
namespace {

/// `along`: the separable supports (x, then y, then z), or null to compute each voxel's own.
__global__ void DisplacementFieldKernel(Sampling s, const AxisSupport* along, const double* cx,
                                        const double* cy, const double* cz, float* field) {
  const std::int64_t nx = s.fixedSize[0], ny = s.fixedSize[1];
  const std::int64_t n = nx * ny * s.fixedSize[2];
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  WriteVoxelDisplacement(s, along, cx, cy, cz, v % nx, (v / nx) % ny, v / (nx * ny), field + 3 * v);
}

} // namespace

void DisplacementFieldCuda(const Sampling& sampling, const std::vector<AxisSupport>& separable,
                           const double* const coefficients[3], std::size_t controlPoints,
                           float* deviceField) {
  const std::size_t bytes = controlPoints * sizeof(double);
  DeviceBuffer cx(bytes), cy(bytes), cz(bytes), along;
  cx.upload(coefficients[0], bytes);
  cy.upload(coefficients[1], bytes);
  cz.upload(coefficients[2], bytes);
  if (!separable.empty()) {
    const std::size_t tableBytes = separable.size() * sizeof(AxisSupport);
    along = DeviceBuffer(tableBytes);
    along.upload(separable.data(), tableBytes);
  }
  const std::int64_t n = sampling.fixedSize[0] * sampling.fixedSize[1] * sampling.fixedSize[2];
  constexpr int kThreads = 256;
  const std::int64_t blocks = (n + kThreads - 1) / kThreads;
  DisplacementFieldKernel<<<static_cast<unsigned>(blocks), kThreads>>>(
      sampling, separable.empty() ? nullptr : along.as<AxisSupport>(), cx.as<double>(),
      cy.as<double>(), cz.as<double>(), deviceField);
  CUMED_CHECK_LAUNCH("DisplacementFieldKernel");
  CUMED_CUDA_CHECK(cudaDeviceSynchronize());
}

} // namespace cumed::registration::detail
