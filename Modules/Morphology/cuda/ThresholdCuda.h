#pragma once
// Internal: binary thresholding on the CUDA backend, for host or device views (host views are
// uploaded and the result downloaded, counted).
#include "cumed/core/Image.h"
#include "cumed/core/Stream.h"

namespace cumed::morphology::cuda {

template <class TIn, class TOut>
void RunBinaryThreshold(const ImageView<const TIn>& input, const ImageView<TOut>& output, TIn lower,
                        TIn upper, TOut inside, TOut outside, const Stream* userStream);

} // namespace cumed::morphology::cuda
