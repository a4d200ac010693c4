#pragma once
// The CUDA backend: frames converted to float on the device, every pass (deformation, cuFFT
// correlation, peaks, validation) on the device; only the final field comes back.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"
#include "src/PassGrid.h"

#include <cstddef>
#include <cstdint>

namespace cumed {
class Stream;
}

namespace cumed::piv::detail {

/// The grid of the last pass over a width x height frame.
PassGrid FinalGrid(int width, int height, const PivOptions& options);

/// Queues on `stream` every pass over frames in device memory (width x height pixels of `type`;
/// `mask` in device memory or null) and the copy of the final field to `resultHost`
/// (page-locked, DeviceField::Bytes(FinalGrid(...)) bytes). Progress and cancellation before each
/// pass. Its device memory is released in stream order; the result is there once the stream is
/// synchronized (UnpackField).
void EnqueuePivCuda(const void* first, const void* second, PixelType type, int width, int height,
                    const std::uint8_t* mask, const PivOptions& options, const Stream& stream,
                    void* resultHost, ExecutionScope& scope);
/// (UnpackField of cuda/DeviceField.h gives the field.)

/// `first`/`second`: width x height pixels of `type` in `location` memory; the mask (options)
/// is in the same memory.
PivField RunPivCuda(const void* first, const void* second, PixelType type, MemoryLocation location,
                    int width, int height, const PivOptions& options, ExecutionScope& scope);

} // namespace cumed::piv::detail
