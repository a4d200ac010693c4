#pragma once
// Deterministic sums on the device, no floating-point atomics: block b adds voxels
// [b * kMetricChunk, (b + 1) * kMetricChunk) (each thread a fixed stride, then a tree in shared
// memory) into partial b; one block then adds the partials in index order, again by a fixed tree.
// The same launch shape every time, so the same bits every run.
#include "src/SimilarityMetricMath.h"

#include "cumed/core/CudaCheck.h"

#include <cuda_runtime.h>

#include <cstdint>

namespace cumed::registration::detail {

constexpr int kSumThreads = 256;
constexpr int kFinalThreads = 1024;

/// Adds the K values of every thread of the block, in a fixed tree; thread 0 gets the result.
template <int K, int Threads> __device__ void BlockTreeSum(double (&acc)[K], double* shared) {
  for (int k = 0; k < K; ++k) shared[k * Threads + threadIdx.x] = acc[k];
  __syncthreads();
  for (int half = Threads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      for (int k = 0; k < K; ++k)
        shared[k * Threads + threadIdx.x] += shared[k * Threads + threadIdx.x + half];
    __syncthreads();
  }
  for (int k = 0; k < K; ++k) acc[k] = shared[k * Threads];
}

/// body(v, acc) adds voxel v's K terms to acc (it may also write per-voxel outputs).
template <int K, class Body>
__global__ void __launch_bounds__(kSumThreads)
    PartialSumsKernel(Body body, std::int64_t n, double* partials) {
  __shared__ double shared[K * kSumThreads];
  double acc[K] = {};
  const std::int64_t begin = static_cast<std::int64_t>(blockIdx.x) * kMetricChunk;
  const std::int64_t end = begin + kMetricChunk < n ? begin + kMetricChunk : n;
  for (std::int64_t v = begin + threadIdx.x; v < end; v += kSumThreads) body(v, acc);
  BlockTreeSum<K, kSumThreads>(acc, shared);
  if (threadIdx.x == 0)
    for (int k = 0; k < K; ++k) partials[blockIdx.x * K + k] = acc[k];
}

template <int K>
__global__ void __launch_bounds__(kFinalThreads)
    FinalSumsKernel(const double* partials, std::int64_t chunks, double* totals) {
  __shared__ double shared[K * kFinalThreads];
  double acc[K] = {};
  for (std::int64_t c = threadIdx.x; c < chunks; c += kFinalThreads)
    for (int k = 0; k < K; ++k) acc[k] += partials[c * K + k];
  BlockTreeSum<K, kFinalThreads>(acc, shared);
  if (threadIdx.x == 0)
    for (int k = 0; k < K; ++k) totals[k] = acc[k];
}

inline std::int64_t MetricChunks(std::int64_t n) {
  return (n + kMetricChunk - 1) / kMetricChunk;
}

/// Queues the K sums of body over voxels 0..n-1 into totals[0..K-1] (device memory); partials
/// holds K * MetricChunks(n) doubles.
template <int K, class Body>
void QueueOrderedSums(const Body& body, std::int64_t n, double* partials, double* totals,
                      cudaStream_t stream) {
  const std::int64_t chunks = MetricChunks(n);
  PartialSumsKernel<K>
      <<<static_cast<unsigned>(chunks), kSumThreads, 0, stream>>>(body, n, partials);
  CUMED_CHECK_LAUNCH("PartialSumsKernel");
  FinalSumsKernel<K><<<1, kFinalThreads, 0, stream>>>(partials, chunks, totals);
  CUMED_CHECK_LAUNCH("FinalSumsKernel");
}

} // namespace cumed::registration::detail
