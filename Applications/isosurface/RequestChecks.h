#pragma once
// A request the machine cannot fully meet, answered with a warning while the run goes on: more
// GPUs than are usable.

namespace cumed::isosurfaceapp {

/// The GPUs to use for `requested` (--gpus; 0 = every usable one) when CUDA may run: at most the
/// usable devices, with a warning naming both numbers when fewer are usable than requested.
int GpusToUse(int requested);

} // namespace cumed::isosurfaceapp
