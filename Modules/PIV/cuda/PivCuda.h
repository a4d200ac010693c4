#pragma once
// The CUDA backend: frames converted to float on the device, every pass (deformation, cuFFT
// correlation, peaks, validation) on the device; only the final field comes back.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

namespace cumed::piv::detail {

/// `first`/`second`: width x height pixels of `type` in `location` memory; the mask (options)
/// is in the same memory.
PivField RunPivCuda(const void* first, const void* second, PixelType type, MemoryLocation location,
                    int width, int height, const PivOptions& options, ExecutionScope& scope);

} // namespace cumed::piv::detail
