#pragma once
// Internal: the CUDA backend of BuildPathlineRibbons (cuda/PathlineRibbonsCuda.cu).
#include "cumed/core/Mesh.h"
#include "cumed/piv/PathlineTracing.h"
#include "src/RibbonGeometry.h"

#include <memory>

namespace cumed::piv::detail {

/// Writes the ribbons of `lines` (seeds lines in device memory) on their device's process stream
/// into a new DeviceSurfaceMesh and waits for it. Throws CudaError.
std::shared_ptr<DeviceSurfaceMesh> BuildPathlineRibbonsCuda(const DevicePathlines& lines, int seeds,
                                                            const RibbonShape& shape);

} // namespace cumed::piv::detail
