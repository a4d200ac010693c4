#include "cumed/core/Stream.h"

#include <mutex>
#include <vector>

namespace cumed {

const Stream& ProcessStream(int device) {
  static std::mutex mutex;
  static std::vector<Stream*> streams; // leaked on purpose (see Stream.h)
  std::lock_guard<std::mutex> lock(mutex);
  if (streams.size() <= static_cast<std::size_t>(device)) streams.resize(device + 1, nullptr);
  if (streams[device] == nullptr) streams[device] = new Stream();
  return *streams[device];
}

} // namespace cumed
