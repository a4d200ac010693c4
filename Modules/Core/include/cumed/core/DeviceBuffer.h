#pragma once
// Device memory owned by one object (RAII, move-only), untyped, with typed access.
#include <cstddef>
#include <utility>

namespace cumed {

class Stream;

class DeviceBuffer {
public:
  DeviceBuffer() = default;
  /// Allocates bytes on the current device; throws CudaError (naming the size) on failure.
  explicit DeviceBuffer(std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
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
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

} // namespace cumed
