#include "DeviceChordTableCache.h"

#include "cumed/core/CudaCheck.h"

#include <algorithm>
#include <list>
#include <mutex>
#include <vector>

namespace cumed::morphology::cuda {
namespace {

constexpr std::size_t kCapacity = 64;

struct Key {
  int device;
  std::array<std::size_t, 3> size;
  std::vector<std::uint8_t> mask;
  bool operator==(const Key& other) const {
    return device == other.device && size == other.size && mask == other.mask;
  }
};

/// The table is element description, not image data: copied directly, not counted as a transfer.
template <class V> DeviceBuffer Upload(const std::vector<V>& values) {
  DeviceBuffer buffer(std::max<std::size_t>(values.size(), 1) * sizeof(V));
  if (!values.empty())
    CUMED_CUDA_CHECK(cudaMemcpy(buffer.data(), values.data(), values.size() * sizeof(V),
                                cudaMemcpyHostToDevice));
  return buffer;
}

} // namespace

std::shared_ptr<const DeviceChordTableEntry>
CachedDeviceChordTable(const StructuringElement& element) {
  static std::mutex mutex;
  static std::list<std::pair<Key, std::shared_ptr<const DeviceChordTableEntry>>>
      entries; // recent first
  Key key{0, element.size(), element.mask()};
  CUMED_CUDA_CHECK(cudaGetDevice(&key.device));

  std::lock_guard<std::mutex> lock(mutex);
  for (auto it = entries.begin(); it != entries.end(); ++it)
    if (it->first == key) {
      entries.splice(entries.begin(), entries, it);
      return entries.front().second;
    }
  auto entry = std::make_shared<DeviceChordTableEntry>();
  entry->table = MakeChordTable(element);
  entry->lengths = Upload(entry->table.lengths);
  entry->groupStart = Upload(entry->table.groupStart);
  entry->chords = Upload(entry->table.chords);
  if (entry->table.centred) entry->rowHalfLength = Upload(entry->table.rowHalfLength);
  entries.emplace_front(std::move(key), entry);
  // An evicted table may still be in use by queued kernels: engines hold a reference, and
  // cudaFree waits for the device before releasing the memory.
  if (entries.size() > kCapacity) entries.pop_back();
  return entry;
}

} // namespace cumed::morphology::cuda
