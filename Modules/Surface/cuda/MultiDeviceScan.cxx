// The seed's multi-GPU scan, done with one host thread per part: every device scans its part,
// the host scans the per-part totals, every device adds its offset.
#include "cuda/DeviceScan.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/surface/ExclusiveScan.h"

#include <exception>

namespace cumed::surface {

std::uint64_t ExclusiveScanMultiDevice(const std::vector<DeviceScanPart>& parts) {
  const int count = static_cast<int>(parts.size());
  int callerDevice = 0;
  CUMED_CUDA_CHECK(cudaGetDevice(&callerDevice));
  std::vector<std::uint64_t> totals(count + 1, 0);
  std::vector<std::exception_ptr> errors(count);
  auto forEachPart = [&](auto&& work) {
#pragma omp parallel for num_threads(count > 0 ? count : 1) schedule(static, 1)
    for (int p = 0; p < count; ++p) {
      try {
        CUMED_CUDA_CHECK(cudaSetDevice(parts[p].device));
        work(p);
      } catch (...) {
        errors[p] = std::current_exception();
      }
    }
    for (auto& error : errors) {
      if (error) {
        cudaSetDevice(callerDevice);
        std::rethrow_exception(error);
      }
    }
  };
  // Parts on the same device still run on their own threads; the default stream per thread
  // keeps them apart.
  forEachPart([&](int p) {
    totals[p + 1] = ExclusiveScanDevice(parts[p].in, parts[p].out, parts[p].n, cudaStreamPerThread);
  });
  for (int p = 0; p < count; ++p) {
    totals[p + 1] += totals[p];
  }
  forEachPart([&](int p) {
    detail::QueueAddOffset(parts[p].out, parts[p].n, totals[p], cudaStreamPerThread);
    CUMED_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  });
  CUMED_CUDA_CHECK(cudaSetDevice(callerDevice));
  return totals[count];
}

} // namespace cumed::surface
