#pragma once
// Host scratch memory recycled across calls. Fresh large allocations cost a page fault per 4 KiB
// on first touch, and page faults from many threads serialise in the kernel: on 16 cores they
// took more time than the marching cubes passes. Blocks are kept (up to a cap) and handed out
// again; contents are not cleared.
#include <cstddef>
#include <memory>

namespace cumed::surface::detail {

class ScratchBlock {
public:
  ScratchBlock() = default;
  explicit ScratchBlock(std::size_t bytes);
  ~ScratchBlock();
  ScratchBlock(ScratchBlock&& other) noexcept;
  ScratchBlock& operator=(ScratchBlock&& other) noexcept;
  ScratchBlock(const ScratchBlock&) = delete;
  ScratchBlock& operator=(const ScratchBlock&) = delete;

  template <class T> T* as() noexcept { return reinterpret_cast<T*>(data_.get()); }
  template <class T> const T* as() const noexcept {
    return reinterpret_cast<const T*>(data_.get());
  }

private:
  friend class ScratchPool;
  std::unique_ptr<std::byte[]> data_;
  std::size_t capacity_ = 0;
};

/// At least `count` elements of T, uninitialised, from the process-wide pool.
template <class T> ScratchBlock TakeScratch(std::size_t count) {
  return ScratchBlock(count * sizeof(T));
}

} // namespace cumed::surface::detail
