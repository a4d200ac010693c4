#pragma once
// Device memory owned by one object (RAII, move-only), untyped, with typed access.
#include <cstddef>
#include <utility>

struct CUstream_st;

namespace cumed {

class Stream;

class DeviceBuffer {
public:
  DeviceBuffer() = default;
  /// Allocates bytes on the current device; throws CudaError (naming the size) on failure.
  explicit DeviceBuffer(std::size_t bytes);
  /// Stream-ordered allocation (cudaMallocAsync): usable by work queued on `stream` and freed on
  /// it, so temporary buffers cost no device-wide synchronisation. The stream must outlive it.
  DeviceBuffer(std::size_t bytes, const Stream& stream);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)),
        stream_(std::exchange(other.stream_, nullptr)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  std::size_t size() const noexcept { return bytes_; }
  bool empty() const noexcept { return bytes_ == 0; }
  void* data() noexcept { return data_; }
  const void* data() const noexcept { return data_; }
  template <class T> T* as() noexcept { return static_cast<T*>(data_); }
  template <class T> const T* as() const noexcept { return static_cast<const T*>(data_); }

  /// Sets every byte to zero (asynchronously when a stream is given).
  void fillZero(const Stream* stream = nullptr);
  /// Counted transfers of the whole buffer (see Transfer.h).
  void upload(const void* hostSrc, std::size_t bytes, const Stream* stream = nullptr);
  void download(void* hostDst, std::size_t bytes, const Stream* stream = nullptr) const;

private:
  void release() noexcept;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  CUstream_st* stream_ = nullptr; ///< set for stream-ordered buffers
};

} // namespace cumed
