#pragma once
// cuFFT for the PIV passes: the batched 2D plans of a pass grid, cached per thread, and errors
// that name the call and the batch.
#include "src/PassGrid.h"

#include <cufft.h>

namespace cumed::piv::detail {

/// Throws CudaError naming `call`, the windows of `g` and the cufftResult unless it succeeded.
void CheckCufft(cufftResult result, const char* call, const PassGrid& g);

/// Batched 2D cuFFT plans, made once per (device, size, batch, direction) and kept for the calling
/// thread (planning costs more than the transforms of a 1024^2 pair). Per thread, because a plan's
/// work area must not serve two streams at once; every call synchronises its stream before it
/// returns, so consecutive calls of one thread never overlap. At most 16 are kept (their work
/// areas hold device memory); beyond that the cache starts afresh. The plan is set to `stream`.
cufftHandle CachedPlan(const PassGrid& g, cufftType type, cudaStream_t stream);

} // namespace cumed::piv::detail
