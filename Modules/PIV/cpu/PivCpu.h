#pragma once
// The CPU backend: every pass (deformation, correlation, validation) on host float frames.
#include "cumed/core/Execution.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

#include <cstdint>

namespace cumed::piv::detail {

/// All passes of `options` on two host float frames; `mask` may be null.
PivField RunPivCpu(const float* first, const float* second, int width, int height,
                   const std::uint8_t* mask, const PivOptions& options, ExecutionScope& scope);

} // namespace cumed::piv::detail
