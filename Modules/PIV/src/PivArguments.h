#pragma once
// The checks every PIV call makes before any work: frames, mask and options.
#include "cumed/core/Image.h"
#include "cumed/piv/Piv.h"
#include "cumed/piv/PivOptions.h"

#include <vector>

namespace cumed::piv::detail {

struct FrameDescription {
  ImageGeometry geometry;
  MemoryLocation location = MemoryLocation::Host;
  int components = 1;
};

/// Throws InvalidArgument naming the frame, the option or the mask at fault and its value.
void CheckRequest(const FrameDescription& first, const FrameDescription& second,
                  const PivOptions& options);

/// Every pair present and passing CheckRequest, all frames of pair 0's size; `what` names the
/// call in the messages ("ensemble", "sequence"): "PIV: sequence pair 3: ...".
void CheckPairs(const std::vector<ImagePair>& pairs, const PivOptions& options, const char* what);

} // namespace cumed::piv::detail
