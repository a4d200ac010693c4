#include "cpu/ScratchPool.h"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

namespace cumed::surface::detail {

class ScratchPool {
public:
  static ScratchPool& instance() {
    static ScratchPool* pool = new ScratchPool(); // never destroyed: blocks may outlive statics
    return *pool;
  }

  void take(std::size_t bytes, std::unique_ptr<std::byte[]>& data, std::size_t& capacity) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      // The smallest kept block that is large enough.
      auto best = blocks_.end();
      for (auto it = blocks_.begin(); it != blocks_.end(); ++it) {
        if (it->second >= bytes && (best == blocks_.end() || it->second < best->second)) {
          best = it;
        }
      }
      if (best != blocks_.end()) {
        data = std::move(best->first);
        capacity = best->second;
        kept_ -= capacity;
        blocks_.erase(best);
        return;
      }
    }
    data.reset(new std::byte[bytes]);
    capacity = bytes;
  }

  void give(std::unique_ptr<std::byte[]> data, std::size_t capacity) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (kept_ + capacity > kMaxKeptBytes) {
      return; // freed: the pool keeps at most kMaxKeptBytes
    }
    kept_ += capacity;
    blocks_.emplace_back(std::move(data), capacity);
  }

private:
  static constexpr std::size_t kMaxKeptBytes = std::size_t(1) << 30;
  std::mutex mutex_;
  std::vector<std::pair<std::unique_ptr<std::byte[]>, std::size_t>> blocks_;
  std::size_t kept_ = 0;
};

ScratchBlock::ScratchBlock(std::size_t bytes) {
  if (bytes > 0) {
    ScratchPool::instance().take(bytes, data_, capacity_);
  }
}

ScratchBlock::~ScratchBlock() {
  if (data_) {
    ScratchPool::instance().give(std::move(data_), capacity_);
  }
}

ScratchBlock::ScratchBlock(ScratchBlock&& other) noexcept
    : data_(std::move(other.data_)), capacity_(std::exchange(other.capacity_, 0)) {}

ScratchBlock& ScratchBlock::operator=(ScratchBlock&& other) noexcept {
  if (this != &other) {
    if (data_) {
      ScratchPool::instance().give(std::move(data_), capacity_);
    }
    data_ = std::move(other.data_);
    capacity_ = std::exchange(other.capacity_, 0);
  }
  return *this;
}

} // namespace cumed::surface::detail
