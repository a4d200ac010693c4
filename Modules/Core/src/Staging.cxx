#include "cumed/core/Staging.h"

#include "cumed/core/Device.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>

#include <omp.h>

namespace cumed {

namespace {
struct DeviceStaging {
  std::mutex mutex;
  PinnedBuffer buffer;
};
} // namespace

StagingLease LeaseStaging(std::size_t bytes) {
  static std::mutex registryMutex;
  static std::map<int, DeviceStaging> registry; // never destroyed before exit, like the streams
  DeviceStaging* staging = nullptr;
  {
    std::lock_guard<std::mutex> lock(registryMutex);
    staging = &registry[CurrentDevice()];
  }
  std::unique_lock<std::mutex> lock(staging->mutex);
  if (staging->buffer.size() < bytes) {
    staging->buffer = PinnedBuffer(); // free first: the old and new buffers need not coexist
    staging->buffer = PinnedBuffer(bytes);
  }
  return StagingLease(std::move(lock), staging->buffer);
}

void ParallelCopy(void* destination, const void* source, std::size_t bytes) {
  // Blocks of 64 KiB or more, at least four per thread, so a slab of a few MiB keeps every
  // thread busy.
  const std::size_t threads = static_cast<std::size_t>(omp_get_max_threads());
  const std::size_t kBlock =
      std::max<std::size_t>(std::size_t(64) << 10, bytes / (4 * threads) + 1);
  const auto blocks = static_cast<std::int64_t>((bytes + kBlock - 1) / kBlock);
  char* to = static_cast<char*>(destination);
  const char* from = static_cast<const char*>(source);
#pragma omp parallel for schedule(static) if (blocks > 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::size_t begin = static_cast<std::size_t>(b) * kBlock;
    std::memcpy(to + begin, from + begin, std::min(kBlock, bytes - begin));
  }
}

} // namespace cumed
