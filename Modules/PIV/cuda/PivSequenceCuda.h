#pragma once
// ComputePivSequence on the CUDA backend: up to three pairs in flight, each on a stream of its
// own (or all on the caller's stream), the fields handed over in order while later pairs compute;
// host frames stream through page-locked slots on a copy stream that overlaps the computation.
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
