// Core in a build without the CUDA backend: the same API; the probe says why no device is
// usable, pinned buffers are ordinary host memory, and anything that needs a device throws a
// CudaError that says CuMed was built without CUDA.
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Event.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <new>

namespace cumed {

bool CudaBackendBuilt() noexcept {
  return false;
}

const DeviceProbeResult& ProbeDevices() noexcept {
  static const DeviceProbeResult result = [] {
    DeviceProbeResult r;
    r.reason = "CuMed was built without the CUDA backend";
    return r;
  }();
  return result;
}

void QueryDeviceMemory(std::size_t&, std::size_t&) {
  ResolveBackend(Backend::CUDA);
}

Stream::Stream() {
  ResolveBackend(Backend::CUDA);
}
Stream Stream::Borrow(CUstream_st* handle) noexcept {
  return Stream(BorrowTag{}, handle);
}
Stream::~Stream() = default;
Stream& Stream::operator=(Stream&& other) noexcept {
  handle_ = std::exchange(other.handle_, nullptr);
  owned_ = other.owned_;
  return *this;
}

int DeviceOfPointer(const void*) noexcept {
  return -1;
}
void Stream::synchronize() const {}

Event::Event() {
  ResolveBackend(Backend::CUDA);
}
Event::~Event() = default;
Event& Event::operator=(Event&& other) noexcept {
  handle_ = std::exchange(other.handle_, nullptr);
  return *this;
}
void Event::record(const Stream&) {}
void Event::makeWait(const Stream&) const {}
void Event::synchronize() const {}

int CurrentDevice() {
  return 0; // staging memory is plain host memory here (PinnedBuffer without a device)
}

DeviceBuffer::DeviceBuffer(std::size_t bytes) {
  if (bytes) ResolveBackend(Backend::CUDA);
}
DeviceBuffer::DeviceBuffer(std::size_t bytes, const Stream&) {
  if (bytes) ResolveBackend(Backend::CUDA);
}
void DeviceBuffer::release() noexcept {}
DeviceBuffer::~DeviceBuffer() = default;
DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  data_ = std::exchange(other.data_, nullptr);
  bytes_ = std::exchange(other.bytes_, 0);
  stream_ = std::exchange(other.stream_, nullptr);
  return *this;
}
void DeviceBuffer::fillZero(const Stream*) {}
void DeviceBuffer::upload(const void*, std::size_t bytes, const Stream*) {
  if (bytes) ResolveBackend(Backend::CUDA);
}
void DeviceBuffer::download(void*, std::size_t bytes, const Stream*) const {
  if (bytes) ResolveBackend(Backend::CUDA);
}

PinnedBuffer::PinnedBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes) data_ = ::operator new(bytes, std::align_val_t(64));
}
void PinnedBuffer::release() noexcept {
  if (data_) ::operator delete(data_, std::align_val_t(64));
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

void CopyHostToDevice(void*, const void*, std::size_t bytes, const Stream*) {
  if (bytes) ResolveBackend(Backend::CUDA);
}
void CopyDeviceToHost(void*, const void*, std::size_t bytes, const Stream*) {
  if (bytes) ResolveBackend(Backend::CUDA);
}
void CopyDeviceToDevice(void*, const void*, std::size_t bytes, const Stream*) {
  if (bytes) ResolveBackend(Backend::CUDA);
}

} // namespace cumed
