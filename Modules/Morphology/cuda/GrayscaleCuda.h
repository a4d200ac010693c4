#pragma once
// Internal: grayscale morphology on the GPU. Device images are processed in place on the device
// (no transfer); host images are uploaded and downloaded (counted), in overlapping z slabs when
// the volume and its scratch buffers do not fit the device memory budget.
#include "cumed/morphology/GrayscaleMorphology.h"

namespace cumed::morphology::cuda {

template <class T>
void RunGrayscale(const ImageView<const T>& input, const ImageView<T>& output,
                  const StructuringElement& element, GrayscaleOperation operation,
                  const GrayscaleOptions& options);

/// Bytes of device memory one z slice costs during `operation` (input, output and scratch).
std::size_t DeviceBytesPerSlice(const std::array<std::size_t, 3>& size, std::size_t pixelBytes,
                                const StructuringElement& element, GrayscaleOperation operation);

} // namespace cumed::morphology::cuda
