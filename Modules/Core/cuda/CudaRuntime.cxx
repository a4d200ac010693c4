// The CUDA side of Core: device probe, buffers, streams and counted copies through the CUDA
// runtime (linked statically). Only runtime calls, no kernels, so the host compiler builds it.
#include "cumed/core/Backend.h"
#include "cumed/core/Config.h"
#include "cumed/core/CudaCheck.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include "../src/TransferCounters.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace cumed {

bool CudaBackendBuilt() noexcept {
  return true;
}

namespace {

DeviceProbeResult RunProbe() noexcept {
  DeviceProbeResult result;
  try {
    cudaRuntimeGetVersion(&result.runtimeVersion);
    cudaDriverGetVersion(&result.driverVersion); // 0 when no driver is installed
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
      result.reason = std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
      cudaGetLastError(); // the probe's failure must not leak into later error checks
      return result;
    }
    for (int i = 0; i < count; ++i) {
      cudaDeviceProp properties{};
      if (cudaGetDeviceProperties(&properties, i) != cudaSuccess) continue;
      DeviceInfo info;
      info.index = i;
      info.name = properties.name;
      info.computeCapabilityMajor = properties.major;
      info.computeCapabilityMinor = properties.minor;
      info.multiProcessorCount = properties.multiProcessorCount;
      info.totalMemoryBytes = properties.totalGlobalMem;
      result.devices.push_back(info);
    }
    if (result.devices.empty()) {
      result.reason = "no CUDA device found";
      return result;
    }
    // Kernels exist for CUMED_CUDA_MIN_ARCH and newer (newer GPUs JIT the PTX).
    const DeviceInfo& first = result.devices.front();
    if (first.computeCapabilityMajor * 10 + first.computeCapabilityMinor < CUMED_CUDA_MIN_ARCH) {
      result.reason = first.name + " is sm_" + std::to_string(first.computeCapabilityMajor) +
                      std::to_string(first.computeCapabilityMinor) +
                      ", older than the oldest architecture CuMed was built for (sm_" +
                      std::to_string(CUMED_CUDA_MIN_ARCH) +
                      "); rebuild with CMAKE_CUDA_ARCHITECTURES including it";
      return result;
    }
    // Creating the primary context is what fails on a broken driver; do it here, not later.
    const cudaError_t init = cudaFree(nullptr);
    if (init != cudaSuccess) {
      result.reason = std::string("device initialisation failed: ") + cudaGetErrorString(init);
      cudaGetLastError();
      return result;
    }
    result.usable = true;
  } catch (...) {
    result.usable = false;
    result.reason = "unexpected failure while probing CUDA devices";
  }
  return result;
}

cudaStream_t Native(const Stream* stream) {
  return stream ? stream->native() : nullptr;
}

} // namespace

const DeviceProbeResult& ProbeDevices() noexcept {
  static const DeviceProbeResult result = RunProbe();
  return result;
}

void QueryDeviceMemory(std::size_t& freeBytes, std::size_t& totalBytes) {
  ResolveBackend(Backend::CUDA); // a clear error when no device is usable
  CUMED_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
}

// ---- Stream ----
Stream::Stream() {
  ResolveBackend(Backend::CUDA);
  CUMED_CUDA_CHECK(cudaStreamCreateWithFlags(&handle_, cudaStreamNonBlocking));
}

Stream Stream::Borrow(CUstream_st* handle) noexcept {
  return Stream(BorrowTag{}, handle);
}

Stream::~Stream() {
  if (handle_ && owned_) cudaStreamDestroy(handle_);
}

Stream& Stream::operator=(Stream&& other) noexcept {
  if (this != &other) {
    if (handle_ && owned_) cudaStreamDestroy(handle_);
    handle_ = std::exchange(other.handle_, nullptr);
    owned_ = other.owned_;
  }
  return *this;
}

int DeviceOfPointer(const void* pointer) noexcept {
  if (!pointer || !ProbeDevices().usable) return -1;
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
    cudaGetLastError(); // not a pointer the runtime knows: host memory
    return -1;
  }
  const bool onDevice =
      attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
  return onDevice ? attributes.device : -1;
}

void Stream::synchronize() const {
  CUMED_CUDA_CHECK(cudaStreamSynchronize(handle_));
}

// ---- DeviceBuffer ----
DeviceBuffer::DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  ResolveBackend(Backend::CUDA);
  const cudaError_t status = cudaMalloc(&data_, bytes);
  if (status != cudaSuccess) {
    cudaGetLastError();
    bytes_ = 0;
    data_ = nullptr;
    const std::string call = "cudaMalloc of " + std::to_string(bytes) + " bytes";
    detail::ThrowCudaError(static_cast<int>(status), cudaGetErrorName(status),
                           cudaGetErrorString(status), call.c_str(), __FILE__, __LINE__);
  }
}

namespace {
/// The default pool returns freed memory to the driver at every synchronisation (threshold 0),
/// so each call re-maps its scratch: milliseconds for a CT volume. Keep up to a quarter of the
/// device in the pool instead (once per device; cudaMemPoolTrimTo releases it).
void RetainPoolMemory() {
  static std::mutex mutex;
  static std::vector<bool> done;
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return;
  std::lock_guard<std::mutex> lock(mutex);
  if (done.size() <= static_cast<std::size_t>(device)) done.resize(device + 1, false);
  if (done[device]) return;
  done[device] = true;
  cudaMemPool_t pool = nullptr;
  std::size_t freeBytes = 0, totalBytes = 0;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess ||
      cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess) {
    cudaGetLastError(); // an optimisation only: without it allocations still work
    return;
  }
  std::uint64_t threshold = totalBytes / 4;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
}
} // namespace

DeviceBuffer::DeviceBuffer(std::size_t bytes, const Stream& stream)
    : bytes_(bytes), stream_(stream.native()) {
  if (bytes == 0) return;
  RetainPoolMemory();
  const cudaError_t status = cudaMallocAsync(&data_, bytes, stream_);
  if (status != cudaSuccess) {
    cudaGetLastError();
    bytes_ = 0;
    data_ = nullptr;
    const std::string call = "cudaMallocAsync of " + std::to_string(bytes) + " bytes";
    detail::ThrowCudaError(static_cast<int>(status), cudaGetErrorName(status),
                           cudaGetErrorString(status), call.c_str(), __FILE__, __LINE__);
  }
}

void DeviceBuffer::release() noexcept {
  if (!data_) return;
  if (stream_)
    cudaFreeAsync(data_, stream_);
  else
    cudaFree(data_);
  data_ = nullptr;
}

DeviceBuffer::~DeviceBuffer() {
  release();
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    stream_ = std::exchange(other.stream_, nullptr);
  }
  return *this;
}

void DeviceBuffer::fillZero(const Stream* stream) {
  if (bytes_ == 0) return;
  CUMED_CUDA_CHECK(cudaMemsetAsync(data_, 0, bytes_, Native(stream)));
  if (!stream) CUMED_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}

void DeviceBuffer::upload(const void* hostSrc, std::size_t bytes, const Stream* stream) {
  if (bytes > bytes_)
    throw InvalidArgument("upload of " + std::to_string(bytes) + " bytes into a device buffer of " +
                          std::to_string(bytes_) + " bytes");
  CopyHostToDevice(data_, hostSrc, bytes, stream);
}

void DeviceBuffer::download(void* hostDst, std::size_t bytes, const Stream* stream) const {
  if (bytes > bytes_)
    throw InvalidArgument("download of " + std::to_string(bytes) +
                          " bytes from a device buffer of " + std::to_string(bytes_) + " bytes");
  CopyDeviceToHost(hostDst, data_, bytes, stream);
}

// ---- PinnedBuffer ----
PinnedBuffer::PinnedBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  if (CudaUsable() && cudaMallocHost(&data_, bytes) == cudaSuccess) {
    pinned_ = true;
    return;
  }
  cudaGetLastError();
  data_ = ::operator new(bytes, std::align_val_t(64)); // pageable fallback, still usable
}

void PinnedBuffer::release() noexcept {
  if (!data_) return;
  if (pinned_)
    cudaFreeHost(data_);
  else
    ::operator delete(data_, std::align_val_t(64));
  data_ = nullptr;
}

PinnedBuffer::~PinnedBuffer() {
  release();
}

PinnedBuffer& PinnedBuffer::operator=(PinnedBuffer&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    pinned_ = std::exchange(other.pinned_, false);
  }
  return *this;
}

// ---- counted copies ----
namespace {
void Copy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
          const Stream* stream) {
  if (bytes == 0) return;
  CUMED_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, kind, Native(stream)));
  if (!stream) CUMED_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}
} // namespace

void CopyHostToDevice(void* deviceDst, const void* hostSrc, std::size_t bytes,
                      const Stream* stream) {
  Copy(deviceDst, hostSrc, bytes, cudaMemcpyHostToDevice, stream);
  detail::CountHostToDevice(bytes);
}

void CopyDeviceToHost(void* hostDst, const void* deviceSrc, std::size_t bytes,
                      const Stream* stream) {
  Copy(hostDst, deviceSrc, bytes, cudaMemcpyDeviceToHost, stream);
  detail::CountDeviceToHost(bytes);
}

void CopyDeviceToDevice(void* deviceDst, const void* deviceSrc, std::size_t bytes,
                        const Stream* stream) {
  Copy(deviceDst, deviceSrc, bytes, cudaMemcpyDeviceToDevice, stream);
}

} // namespace cumed
