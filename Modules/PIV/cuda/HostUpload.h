#pragma once
// Host blocks to the device through the process's page-locked staging memory (pageable copies
// reach a fraction of the link's speed).
#include "cumed/core/Stream.h"

#include <cstddef>
#include <initializer_list>

namespace cumed::piv::detail {

/// A host block to copy to the device (skipped when empty).
struct UploadPart {
  void* device = nullptr;
  const void* host = nullptr;
  std::size_t bytes = 0;
};

/// One parallel copy of each block into the staging memory, then copies at link speed on
/// `stream`; returns once they are done, so the staging memory is free again.
void UploadThroughStaging(std::initializer_list<UploadPart> parts, const Stream& stream);

} // namespace cumed::piv::detail
