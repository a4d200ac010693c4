#pragma once
// Exclusive prefix sums, the step that turns per-cell counts into output offsets. The isosurface
// passes use them internally; they are public so tests and benchmarks can check them alone.
#include <cstddef>
#include <cstdint>
#include <vector>

struct CUstream_st;

namespace cumed::surface {

/// out[i] = in[0] + ... + in[i-1] on the host (OpenMP); returns the total. `out` may equal `in`
/// only when the types match.
std::uint64_t ExclusiveScanHost(const std::uint32_t* in, std::uint64_t* out, std::size_t n);

/// The same on device memory of the current device (CUB), queued on `stream`; returns the total
/// (one small synchronous copy). 32-bit sums wrap modulo 2^32, as unsigned arithmetic does.
std::uint64_t ExclusiveScanDevice(const std::uint32_t* in, std::uint64_t* out, std::size_t n,
                                  CUstream_st* stream = nullptr);
std::uint32_t ExclusiveScanDevice(const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                                  CUstream_st* stream = nullptr);

/// The same, only queued on `stream` (no total, no host synchronisation): what a pipeline that
/// stays on the device calls, and what the benchmark times with CUDA events.
void ExclusiveScanDeviceAsync(const std::uint32_t* in, std::uint64_t* out, std::size_t n,
                              CUstream_st* stream);
void ExclusiveScanDeviceAsync(const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                              CUstream_st* stream);

/// One part of an array spread over several devices.
struct DeviceScanPart {
  int device = 0;
  const std::uint32_t* in = nullptr; ///< memory of `device`
  std::uint64_t* out = nullptr;      ///< memory of `device`
  std::size_t n = 0;
};

/// The multi-GPU scan: each device scans its part (one host thread per device), the per-device
/// totals are scanned on the host, and each device adds its offset. Returns the grand total.
std::uint64_t ExclusiveScanMultiDevice(const std::vector<DeviceScanPart>& parts);

} // namespace cumed::surface
