// The affine stage's kernels on CUDA: one thread per voxel for the field; the gradient's 12 sums
// through OrderedSums.cuh's chunk partials (a fixed tree per chunk of kMetricChunk voxels), then
// one thread per sum adds the chunks in index order. No atomics: the same bits every run.
#include "cuda/OrderedSums.cuh"
#include "src/AffineKernels.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::registration::detail {
namespace {

constexpr int kThreads = 256;

__global__ void AffineFieldKernel(AffineFrame frame, AffineParameters a, std::int64_t nx,
                                  std::int64_t ny, std::int64_t voxels, float* __restrict__ field) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= voxels) return;
  AffineFieldVoxel(frame, a, voxels, v, v % nx, (v / nx) % ny, v / (nx * ny), field);
}

struct AffineGradientTerms {
  AffineFrame frame;
  const float* voxelGradient;
  std::int64_t nx, ny, voxels;
  __device__ void operator()(std::int64_t v, double* acc) const {
    AddAffineGradientTerms(frame, voxelGradient, voxels, v, v % nx, (v / nx) % ny, v / (nx * ny),
                           acc);
  }
};

/// Thread k adds sum k of every chunk, in chunk order.
__global__ void AddChunksInOrderKernel(const double* partials, std::int64_t chunks, double* sums) {
  const int k = threadIdx.x;
  if (k >= kAffineSums) return;
  double total = 0.0;
  for (std::int64_t c = 0; c < chunks; ++c) total += partials[c * kAffineSums + k];
  sums[k] = total;
}

} // namespace

void AffineFieldCuda(const LevelGeometry& g, const AffineFrame& frame, const AffineParameters& a,
                     float* field, CUstream_st* stream) {
  const std::int64_t voxels = g.fixedSize[0] * g.fixedSize[1] * g.fixedSize[2];
  const std::int64_t blocks = (voxels + kThreads - 1) / kThreads;
  AffineFieldKernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(
      frame, a, g.fixedSize[0], g.fixedSize[1], voxels, field);
  CUMED_CHECK_LAUNCH("AffineFieldKernel");
}

std::int64_t AffineGradientScratchDoubles(const LevelGeometry& g) {
  return kAffineSums * MetricChunks(g.fixedSize[0] * g.fixedSize[1] * g.fixedSize[2]);
}

void AffineGradientCuda(const LevelGeometry& g, const AffineFrame& frame,
                        const float* voxelGradient, double* partials, double* sums,
                        CUstream_st* stream) {
  const std::int64_t voxels = g.fixedSize[0] * g.fixedSize[1] * g.fixedSize[2];
  const std::int64_t chunks = MetricChunks(voxels);
  const AffineGradientTerms body{frame, voxelGradient, g.fixedSize[0], g.fixedSize[1], voxels};
  PartialSumsKernel<kAffineSums>
      <<<static_cast<unsigned>(chunks), kSumThreads, 0, stream>>>(body, voxels, partials);
  CUMED_CHECK_LAUNCH("PartialSumsKernel (affine gradient)");
  AddChunksInOrderKernel<<<1, 32, 0, stream>>>(partials, chunks, sums);
  CUMED_CHECK_LAUNCH("AddChunksInOrderKernel");
}

} // namespace cumed::registration::detail
