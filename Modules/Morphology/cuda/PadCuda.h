#pragma once
// Internal: constant padding of device images (the engine's pad kernel).
#include "cumed/core/Stream.h"

#include <array>
#include <cstddef>

namespace cumed::morphology::cuda {

/// out (size + 2*pad) = in surrounded by `value`; queued on `userStream` (returns at once) or on
/// a private stream that is synchronised.
template <class T>
void RunPad(const T* in, const std::array<std::size_t, 3>& size, T* out,
            const std::array<int, 3>& pad, T value, const Stream* userStream);

} // namespace cumed::morphology::cuda
