// The device scans in a build without CUDA: a clear error, like every other CUDA entry point.
#include "cumed/core/Error.h"
#include "cumed/surface/ExclusiveScan.h"

namespace cumed::surface {
namespace {
[[noreturn]] void NotBuilt() {
  throw CudaError("CuMed was built without CUDA: device scans are not available", 0);
}
} // namespace

std::uint64_t ExclusiveScanDevice(const std::uint32_t*, std::uint64_t*, std::size_t, CUstream_st*) {
  NotBuilt();
}
std::uint32_t ExclusiveScanDevice(const std::uint32_t*, std::uint32_t*, std::size_t, CUstream_st*) {
  NotBuilt();
}
void ExclusiveScanDeviceAsync(const std::uint32_t*, std::uint64_t*, std::size_t, CUstream_st*) {
  NotBuilt();
}
void ExclusiveScanDeviceAsync(const std::uint32_t*, std::uint32_t*, std::size_t, CUstream_st*) {
  NotBuilt();
}
std::uint64_t ExclusiveScanMultiDevice(const std::vector<DeviceScanPart>&) {
  NotBuilt();
}

} // namespace cumed::surface
