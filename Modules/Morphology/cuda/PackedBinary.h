#pragma once
// Internal: one binary dilation/erosion step (BinaryStep in src/BinaryOperations.h) on
// bit-packed words, for the CUDA engine: pack the object, filter the words by the chords of the
// (already mirrored) element, unpack with ITK's value mapping. Device pointers, queued on
// `stream`; scratch buffers are appended to `buffers` (stream-ordered, freed with them).
#include "../src/MorphologyEngine.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

#include <vector>

namespace cumed::morphology::cuda {

/// Returns false, having queued nothing, when the element does not suit the packed kernels
/// (x reach over 32, too many chords, a tile too large for shared memory); the caller then runs
/// the generic uint8 mask path, which takes any element.
template <class T>
bool RunPackedBinaryStep(const T* in, T* out, const detail::Size3& size,
                         const StructuringElement& mirrored, bool dilate, T foreground,
                         T background, bool boundaryToForeground,
                         std::vector<DeviceBuffer>& buffers, const Stream& stream);

} // namespace cumed::morphology::cuda
