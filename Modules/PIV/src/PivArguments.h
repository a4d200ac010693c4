#pragma once
// The checks every PIV call makes before any work: frames, mask and options.
#include "cumed/core/Image.h"
#include "cumed/piv/PivOptions.h"

namespace cumed::piv::detail {

struct FrameDescription {
  ImageGeometry geometry;
  MemoryLocation location = MemoryLocation::Host;
  int components = 1;
};

/// Throws InvalidArgument naming the frame, the option or the mask at fault and its value.
void CheckRequest(const FrameDescription& first, const FrameDescription& second,
                  const PivOptions& options);

} // namespace cumed::piv::detail
