#pragma once
// Internal: the CUDA backend of TraceFieldPathlines (cuda/PathlineTracingCuda.cu).
#include "cumed/piv/PathlineTracing.h"
#include "src/PathlineInput.h"

#include <array>
#include <vector>

namespace cumed::piv::detail {

/// Uploads the flow and the seeds once, traces one seed per thread on the current device's
/// process stream into `lines.device`, and copies the lines into lines' host vectors. `lines`
/// arrives with seeds, pointsPerLine and timeStep set. Throws CudaError.
void TracePathlinesCuda(const FlowArrays& flow, const std::vector<std::array<float, 2>>& seeds,
                        const Stepping<float>& stepping, PathlineSet& lines);

} // namespace cumed::piv::detail
