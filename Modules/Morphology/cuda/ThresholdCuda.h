#pragma once
// Internal: binary thresholding on the CUDA backend, for host or device views (host views are
// uploaded and the result downloaded, counted).
#include "cumed/core/Image.h"
#include "cumed/core/Stream.h"

#include <cstdint>

namespace cumed::morphology::cuda {

template <class TIn, class TOut>
void RunBinaryThreshold(const ImageView<const TIn>& input, const ImageView<TOut>& output, TIn lower,
                        TIn upper, TOut inside, TOut outside, const Stream* userStream);

/// Voxels of n device values in [low, high]; waits for the result (on userStream or a private one).
template <class T>
std::uint64_t CountInRange(const T* values, std::size_t n, T low, T high, const Stream* userStream);

} // namespace cumed::morphology::cuda
