#pragma once
// Internal: chord tables in device memory, uploaded once per element and device and kept for the
// process (a few hundred bytes each, at most kCapacity of them). Repeated operations with the
// same element then queue only kernels: no upload, no allocation, no stream synchronisation.
#include "ChordTable.h"
#include "cumed/core/DeviceBuffer.h"

#include <memory>

namespace cumed::morphology::cuda {

struct DeviceChordTableEntry {
  ChordTable table;
  DeviceBuffer lengths, groupStart, chords, rowHalfLength;
};

/// The element's table on the current device (thread-safe).
std::shared_ptr<const DeviceChordTableEntry>
CachedDeviceChordTable(const StructuringElement& element);

} // namespace cumed::morphology::cuda
