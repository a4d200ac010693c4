#pragma once
// The --backend option: its value parsed as a usage error, and the choice resolved against the
// machine with the option named in the error.
#include "cumed/core/Backend.h"

#include <string>
#include <string_view>

namespace cumed::app {

/// "auto", "cpu" or "cuda" (any case); UsageError "OPTION: ..." with cumed::ParseBackend's
/// message otherwise.
cumed::Backend ParseBackendOption(std::string_view option, const std::string& value);

/// cumed::ResolveBackend(requested); its CudaError (CUDA asked for and not usable) is thrown
/// again as "--backend REQUESTED: ..." with the same code.
cumed::Backend ResolveRequestedBackend(cumed::Backend requested);

} // namespace cumed::app
