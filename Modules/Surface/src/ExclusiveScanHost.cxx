#include "cumed/surface/ExclusiveScan.h"

#include <omp.h>

#include <vector>

namespace cumed::surface {

std::uint64_t ExclusiveScanHost(const std::uint32_t* in, std::uint64_t* out, std::size_t n) {
  // Two sweeps over one contiguous chunk per thread: chunk sums, then the chunk's own scan
  // started at the sum of the chunks before it.
  const int threads = n < (1u << 16) ? 1 : omp_get_max_threads();
  std::vector<std::uint64_t> chunkStart(threads + 1, 0);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const std::size_t begin = n * t / threads, end = n * (t + 1) / threads;
    std::uint64_t sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
      sum += in[i];
    }
    chunkStart[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (int c = 0; c < threads; ++c) {
      chunkStart[c + 1] += chunkStart[c];
    }
    std::uint64_t running = chunkStart[t];
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint64_t value = in[i];
      out[i] = running;
      running += value;
    }
  }
  return chunkStart[threads];
}

} // namespace cumed::surface
