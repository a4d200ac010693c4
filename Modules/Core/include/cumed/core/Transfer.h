#pragma once
// Host<->device copies. Every copy CuMed makes goes through these functions, which count them,
// so tests can assert that data meant to stay on the GPU did not travel.
#include <cstddef>
#include <cstdint>

namespace cumed {

class Stream;

struct TransferStats {
  std::uint64_t hostToDeviceCopies = 0;
  std::uint64_t deviceToHostCopies = 0;
  std::uint64_t hostToDeviceBytes = 0;
  std::uint64_t deviceToHostBytes = 0;
};

/// Totals since the start of the process or the last ResetTransferStats() (thread-safe).
TransferStats GetTransferStats() noexcept;
void ResetTransferStats() noexcept;

/// Copies bytes host->device. With a stream the copy is asynchronous on it (the host memory must
/// stay alive until the stream is synchronized); without one it completes before returning.
void CopyHostToDevice(void* deviceDst, const void* hostSrc, std::size_t bytes,
                      const Stream* stream = nullptr);
void CopyDeviceToHost(void* hostDst, const void* deviceSrc, std::size_t bytes,
                      const Stream* stream = nullptr);
/// Device->device copies are not transfers and are not counted.
void CopyDeviceToDevice(void* deviceDst, const void* deviceSrc, std::size_t bytes,
                        const Stream* stream = nullptr);

} // namespace cumed
