#pragma once
// Binary thresholding with ITK's semantics (itk::BinaryThresholdImageFilter): a pixel v becomes
// `inside` when lower <= v <= upper (as real numbers; bounds outside the type's range clamp),
// else `outside`. It makes
// the masks that binary morphology works on, so it lives beside it and runs on the same backends.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"

#include <cstdint>
#include <limits>

namespace cumed::morphology {

struct BinaryThresholdOptions : ExecutionOptions {
  double lower = std::numeric_limits<double>::lowest(); ///< inclusive
  double upper = std::numeric_limits<double>::max();    ///< inclusive
  double inside = 1;
  double outside = 0;
};

/// Same size and memory location for input and output; input and output pixel types may differ
/// (uint8, int16, uint16, float). Returns the backend that ran.
template <class TIn, class TOut>
Backend BinaryThreshold(ImageView<const TIn> input, ImageView<TOut> output,
                        const BinaryThresholdOptions& options);

/// How many voxels lie in [lower, upper] (compared in T): the size of the mask BinaryThreshold
/// would make, counted where the image is (device views on the GPU, no copy to the host).
template <class T>
std::uint64_t CountInRange(ImageView<const T> image, double lower, double upper,
                           const ExecutionOptions& options = {});

} // namespace cumed::morphology
