#pragma once
// Deterministic sums on the host: fixed chunks of kMetricChunk voxels (OpenMP over chunks), then
// the chunks in index order, in doubles; the result does not depend on the number of threads.
#include "src/SimilarityMetricMath.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace cumed::registration::detail {

/// K sums over voxels 0..n-1; body(v, acc) adds voxel v's terms to acc[0..K-1].
template <int K, class Body> std::array<double, K> OrderedSums(std::int64_t n, Body body) {
  const std::int64_t chunks = (n + kMetricChunk - 1) / kMetricChunk;
  std::vector<std::array<double, K>> partial(static_cast<std::size_t>(chunks));
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < chunks; ++c) {
    std::array<double, K> acc{};
    const std::int64_t end = std::min(n, (c + 1) * kMetricChunk);
    for (std::int64_t v = c * kMetricChunk; v < end; ++v) body(v, acc.data());
    partial[c] = acc;
  }
  std::array<double, K> total{};
  for (const auto& p : partial)
    for (int k = 0; k < K; ++k) total[k] += p[k];
  return total;
}

} // namespace cumed::registration::detail
