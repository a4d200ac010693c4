#include "cumed/core/Transfer.h"

#include "TransferCounters.h"

namespace cumed {
namespace detail {

TransferCounters& Counters() noexcept {
  static TransferCounters counters;
  return counters;
}

void CountHostToDevice(std::size_t bytes) noexcept {
  Counters().hostToDeviceCopies.fetch_add(1, std::memory_order_relaxed);
  Counters().hostToDeviceBytes.fetch_add(bytes, std::memory_order_relaxed);
}

void CountDeviceToHost(std::size_t bytes) noexcept {
  Counters().deviceToHostCopies.fetch_add(1, std::memory_order_relaxed);
  Counters().deviceToHostBytes.fetch_add(bytes, std::memory_order_relaxed);
}

} // namespace detail

TransferStats GetTransferStats() noexcept {
  const detail::TransferCounters& c = detail::Counters();
  return {c.hostToDeviceCopies.load(), c.deviceToHostCopies.load(), c.hostToDeviceBytes.load(),
          c.deviceToHostBytes.load()};
}

void ResetTransferStats() noexcept {
  detail::TransferCounters& c = detail::Counters();
  c.hostToDeviceCopies = 0;
  c.deviceToHostCopies = 0;
  c.hostToDeviceBytes = 0;
  c.deviceToHostBytes = 0;
}

} // namespace cumed
