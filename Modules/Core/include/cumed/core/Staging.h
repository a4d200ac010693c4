#pragma once
// Page-locked staging memory kept per device for the whole process, so copies between pageable
// host memory and the device run at link speed without paying cudaMallocHost on every call
// (tens of milliseconds for a CT volume). One place owns it; every module leases it.
#include "cumed/core/PinnedBuffer.h"

#include <cstddef>
#include <mutex>

namespace cumed {

/// Exclusive use of the current device's staging memory while the lease lives.
class StagingLease {
public:
  StagingLease(std::unique_lock<std::mutex> lock, PinnedBuffer& buffer)
      : lock_(std::move(lock)), buffer_(&buffer) {}
  char* data() noexcept { return buffer_->as<char>(); }
  std::size_t size() const noexcept { return buffer_->size(); }

private:
  std::unique_lock<std::mutex> lock_;
  PinnedBuffer* buffer_;
};

/// At least `bytes` of staging memory for the current device (grown when smaller; never shrunk).
/// Callers on other threads wait until the lease is released.
StagingLease LeaseStaging(std::size_t bytes);

/// memcpy by OpenMP threads: one thread does not reach memory bandwidth.
void ParallelCopy(void* destination, const void* source, std::size_t bytes);

} // namespace cumed
