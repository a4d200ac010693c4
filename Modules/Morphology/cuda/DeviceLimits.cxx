#include "DeviceLimits.h"

#include <cuda_runtime.h>

#include <array>
#include <atomic>

namespace cumed::morphology::cuda {

int MaxSharedBytesPerBlock() {
  constexpr int kDevices = 64;
  static std::array<std::atomic<int>, kDevices> cached{}; // 0: not queried yet
  int device = 0;
  cudaGetDevice(&device);
  const int slot = device >= 0 && device < kDevices ? device : 0;
  int bytes = cached[slot].load();
  if (bytes == 0) {
    bytes = 48 * 1024; // every CUDA device offers at least this
    cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    cached[slot] = bytes;
  }
  return bytes;
}

} // namespace cumed::morphology::cuda
