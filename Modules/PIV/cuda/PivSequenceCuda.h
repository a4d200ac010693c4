#pragma once
// ComputePivSequence on the CUDA backend: host frames stream through page-locked memory on a
// copy stream that overlaps the computation of the previous pair.
#include "cumed/core/Execution.h"
#include "cumed/piv/Piv.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace cumed::piv::detail {

/// `pairs` are checked (one size, one pixel type, one memory); `progress(i)` runs before pair i.
void RunPivSequenceCuda(const std::vector<ImagePair>& pairs, const PivOptions& options,
                        const std::function<void(std::size_t)>& progress,
                        const FieldConsumer& consume, ExecutionScope& scope);

} // namespace cumed::piv::detail
