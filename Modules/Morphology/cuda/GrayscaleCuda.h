#pragma once
// Internal: grayscale morphology on the GPU (see DeviceRunner.h for host images and slabs).
#include "cumed/morphology/GrayscaleMorphology.h"

namespace cumed::morphology::cuda {

/// Returns the number of slabs the volume was processed in.
template <class T>
int RunGrayscale(const ImageView<const T>& input, const ImageView<T>& output,
                 const StructuringElement& element, GrayscaleOperation operation,
                 const GrayscaleOptions& options);

} // namespace cumed::morphology::cuda
