#pragma once
// Internal: limits of the current CUDA device that kernel launchers size their tiles by.
namespace cumed::morphology::cuda {

/// Shared memory one block may use on the current device (the opt-in maximum), queried once per
/// device.
int MaxSharedBytesPerBlock();

} // namespace cumed::morphology::cuda
