#pragma once
// Internal: the process-wide transfer counters behind GetTransferStats().
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace cumed::detail {

struct TransferCounters {
  std::atomic<std::uint64_t> hostToDeviceCopies{0};
  std::atomic<std::uint64_t> deviceToHostCopies{0};
  std::atomic<std::uint64_t> hostToDeviceBytes{0};
  std::atomic<std::uint64_t> deviceToHostBytes{0};
};

TransferCounters& Counters() noexcept;
void CountHostToDevice(std::size_t bytes) noexcept;
void CountDeviceToHost(std::size_t bytes) noexcept;

} // namespace cumed::detail
