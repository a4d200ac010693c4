#pragma once
// The CPU backend: every pass (deformation, correlation, validation) on host float frames.
#include "cpu/CorrelateCpu.h"
#include "cumed/core/Execution.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

#include <cstdint>
#include <vector>

namespace cumed::piv::detail {

/// All passes of `options` on host float frames of one size: one pair, or several (ensemble
/// correlation: each pass averages the pairs' correlation planes, each pair deformed by the
/// common predictor). `mask` may be null.
PivField RunPivCpu(const std::vector<FramePair>& pairs, const std::uint8_t* mask,
                   const PivOptions& options, ExecutionScope& scope);

} // namespace cumed::piv::detail
