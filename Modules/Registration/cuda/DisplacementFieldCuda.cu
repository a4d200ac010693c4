// One thread per fixed voxel: each gathers its 4x4x4 control points (no atomics, so every run
// writes the same bits); the coefficients are uploaded per call.
#include "src/DisplacementFieldBackends.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"

namespace cumed::registration::detail {
namespace {

__global__ void DisplacementFieldKernel(Sampling s, const double* cx, const double* cy,
                                        const double* cz, float* field) {
  const std::int64_t n = s.fixedSize[0] * s.fixedSize[1] * s.fixedSize[2];
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const std::int64_t i = v % s.fixedSize[0];
  const std::int64_t j = (v / s.fixedSize[0]) % s.fixedSize[1];
  const std::int64_t k = v / (s.fixedSize[0] * s.fixedSize[1]);
  double u[3];
  DisplacementAt(s, cx, cy, cz, i, j, k, u);
  field[3 * v] = static_cast<float>(u[0]);
  field[3 * v + 1] = static_cast<float>(u[1]);
  field[3 * v + 2] = static_cast<float>(u[2]);
}

} // namespace

void DisplacementFieldCuda(const Sampling& sampling, const double* const coefficients[3],
                           std::size_t controlPoints, float* deviceField) {
  const std::size_t bytes = controlPoints * sizeof(double);
  DeviceBuffer cx(bytes), cy(bytes), cz(bytes);
  cx.upload(coefficients[0], bytes);
  cy.upload(coefficients[1], bytes);
  cz.upload(coefficients[2], bytes);
  const std::int64_t n = sampling.fixedSize[0] * sampling.fixedSize[1] * sampling.fixedSize[2];
  constexpr int kThreads = 256;
  const std::int64_t blocks = (n + kThreads - 1) / kThreads;
  DisplacementFieldKernel<<<static_cast<unsigned>(blocks), kThreads>>>(
      sampling, cx.as<double>(), cy.as<double>(), cz.as<double>(), deviceField);
  CUMED_CHECK_LAUNCH("DisplacementFieldKernel");
  CUMED_CUDA_CHECK(cudaDeviceSynchronize());
}

} // namespace cumed::registration::detail
