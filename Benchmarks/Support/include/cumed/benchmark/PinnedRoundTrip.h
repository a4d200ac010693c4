#pragma once
// The floor for host-in/host-out GPU work, measured in the same run as the work it judges: the
// same bytes copied up and down between page-locked host memory and the device, one after the
// other, at link speed and with no kernel in between.
#include "cumed/benchmark/Table.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <utility>
#include <vector>

namespace cumed::benchmark {

/// Seconds for `upBytes` host->device then `downBytes` device->host from pinned memory on one
/// stream: the median of 5 after a warm-up, remembered per pair of sizes. Needs a usable device.
inline double PinnedRoundTripSeconds(std::size_t upBytes, std::size_t downBytes) {
  static std::map<std::pair<std::size_t, std::size_t>, double> measured;
  const auto key = std::make_pair(upBytes, downBytes);
  if (auto it = measured.find(key); it != measured.end()) return it->second;
  const std::size_t bytes = std::max(upBytes, downBytes);
  PinnedBuffer host(bytes);
  std::memset(host.data(), 1, bytes);
  DeviceBuffer device(bytes);
  Stream stream;
  std::vector<double> times;
  for (int r = 0; r < 6; ++r) {
    const Stopwatch watch;
    CopyHostToDevice(device.data(), host.data(), upBytes, &stream);
    CopyDeviceToHost(host.data(), device.data(), downBytes, &stream);
    stream.synchronize();
    if (r > 0) times.push_back(watch.elapsedSeconds());
  }
  return measured[key] = Median(times);
}

} // namespace cumed::benchmark
