#pragma once
// One run of cumed-register: check what can be checked before the slow stages (inputs' headers,
// the outputs, the backend), read the images, register, write every output at once.
#include "Arguments.h"
#include "Summary.h"

namespace cumed::registerapp {

/// Throws UsageError for refused outputs and options, cumed::Error and itk::ExceptionObject for
/// runtime failures (unreadable or mismatched inputs, a registration that cannot run).
RunSummary RunPipeline(const Arguments& arguments);

} // namespace cumed::registerapp
