#pragma once
// Page-locked host memory (RAII, move-only) for fast asynchronous transfers. Pinning is an
// optimisation: without a usable device (or in a CPU-only build) the buffer is ordinary host
// memory and isPinned() says so, so code using it runs everywhere.
#include <cstddef>
#include <utility>

namespace cumed {

class PinnedBuffer {
public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t bytes);
  ~PinnedBuffer();
  PinnedBuffer(PinnedBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)),
        pinned_(std::exchange(other.pinned_, false)) {}
  PinnedBuffer& operator=(PinnedBuffer&& other) noexcept;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  std::size_t size() const noexcept { return bytes_; }
  bool isPinned() const noexcept { return pinned_; }
  void* data() noexcept { return data_; }
  const void* data() const noexcept { return data_; }
  template <class T> T* as() noexcept { return static_cast<T*>(data_); }

private:
  void release() noexcept;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool pinned_ = false;
};

} // namespace cumed
