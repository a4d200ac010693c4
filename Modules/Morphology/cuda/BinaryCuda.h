#pragma once
// Internal: binary morphology on the GPU (see DeviceRunner.h for host images and slabs).
#include "cumed/morphology/BinaryMorphology.h"

namespace cumed::morphology::cuda {

/// Returns the number of slabs the volume was processed in.
template <class T>
int RunBinary(const ImageView<const T>& input, const ImageView<T>& output,
              const StructuringElement& element, BinaryOperation operation,
              const BinaryOptions& options);

} // namespace cumed::morphology::cuda
