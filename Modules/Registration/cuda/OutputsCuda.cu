// The device outputs (src/OutputBackends.h): one thread per fixed voxel, src/OutputMath.h's
// formulas (no atomics, no sums: the same bits as the CPU with contraction off on both).
#include "src/OutputBackends.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::registration::detail {
namespace {

constexpr int kThreads = 256;

struct Affine {
  double matrix[9];
  double offset[3];
};

std::int64_t Voxels(const GridToPhysical& g) {
  return g.size[0] * g.size[1] * g.size[2];
}

unsigned Blocks(std::int64_t n) {
  return static_cast<unsigned>((n + kThreads - 1) / kThreads);
}

__global__ void ComposeAffineKernel(GridToPhysical g, Affine a, float* field) {
  const std::int64_t nx = g.size[0], ny = g.size[1];
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= nx * ny * g.size[2]) return;
  ComposeAffineVoxel(g, a.matrix, a.offset, v % nx, (v / nx) % ny, v / (nx * ny), field + 3 * v);
}

__global__ void ResampleMovingKernel(GridToPhysical g, PhysicalToGrid m, const float* pixels,
                                     const float* field, float outsideValue, float* warped) {
  const std::int64_t nx = g.size[0], ny = g.size[1];
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= nx * ny * g.size[2]) return;
  warped[v] = WarpVoxel(g, m, pixels, field, v % nx, (v / nx) % ny, v / (nx * ny), v, outsideValue);
}

} // namespace

void ComposeAffineCuda(const GridToPhysical& fixed, const double matrix[9], const double offset[3],
                       float* deviceField) {
  const std::int64_t n = Voxels(fixed);
  if (n == 0) return;
  Affine a{};
  for (int e = 0; e < 9; ++e) a.matrix[e] = matrix[e];
  for (int r = 0; r < 3; ++r) a.offset[r] = offset[r];
  ComposeAffineKernel<<<Blocks(n), kThreads>>>(fixed, a, deviceField);
  CUMED_CHECK_LAUNCH("ComposeAffineKernel");
  CUMED_CUDA_CHECK(cudaDeviceSynchronize());
}

void ResampleMovingCuda(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                        const float* deviceMovingPixels, const float* deviceField,
                        float outsideValue, float* deviceWarped) {
  const std::int64_t n = Voxels(fixed);
  if (n == 0) return;
  ResampleMovingKernel<<<Blocks(n), kThreads>>>(fixed, moving, deviceMovingPixels, deviceField,
                                                outsideValue, deviceWarped);
  CUMED_CHECK_LAUNCH("ResampleMovingKernel");
  CUMED_CUDA_CHECK(cudaDeviceSynchronize());
}

} // namespace cumed::registration::detail
