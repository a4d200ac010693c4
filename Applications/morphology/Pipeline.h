#pragma once
// One run of cumed-morphology: check everything that can be checked before the slow stages, read
// the input, apply the operation, write the output.
#include "Arguments.h"
#include "Summary.h"

namespace cumed::morphologyapp {

/// Throws UsageError for options that do not fit the input or refused outputs (before anything
/// is read or written), cumed::Error (and its subclasses) for runtime failures.
RunSummary RunPipeline(const Arguments& arguments);

} // namespace cumed::morphologyapp
