#pragma once
// Finding out whether a CUDA device is usable. The probe never throws and never aborts, also on a
// machine without an NVIDIA driver (the CUDA runtime is linked statically; libcuda is loaded by
// the runtime only when present).
#include <cstddef>
#include <string>
#include <vector>

namespace cumed {

struct DeviceInfo {
  int index = -1;
  std::string name;
  int computeCapabilityMajor = 0;
  int computeCapabilityMinor = 0;
  int multiProcessorCount = 0;
  std::size_t totalMemoryBytes = 0;
};

struct DeviceProbeResult {
  bool usable = false;    ///< at least one device can run CuMed's kernels
  std::string reason;     ///< why not, when !usable ("built without CUDA", "no NVIDIA driver"...)
  int driverVersion = 0;  ///< e.g. 13000 for CUDA 13.0; 0 without a driver
  int runtimeVersion = 0; ///< the runtime CuMed was linked with; 0 in a CPU-only build
  std::vector<DeviceInfo> devices;
};

/// Probes once per process and caches the result. Never throws.
const DeviceProbeResult& ProbeDevices() noexcept;

/// One line for logs: "CUDA: NVIDIA H100 (sm_90, 80 GiB)" or "CUDA: not usable (reason)".
std::string DescribeDevices();

/// The current CUDA device of the calling thread (0 in a CPU-only build).
int CurrentDevice();

/// The CUDA device whose memory `pointer` points into (device or managed memory), or -1 for host
/// memory, unknown pointers and CPU-only builds. Never throws.
int DeviceOfPointer(const void* pointer) noexcept;

/// Free and total memory of the current device in bytes; throws CudaError when none is usable.
void QueryDeviceMemory(std::size_t& freeBytes, std::size_t& totalBytes);

} // namespace cumed
