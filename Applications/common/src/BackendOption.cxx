#include "cumed/app/BackendOption.h"

#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

namespace cumed::app {

cumed::Backend ParseBackendOption(std::string_view option, const std::string& value) {
  try {
    return cumed::ParseBackend(value);
  } catch (const cumed::Error& e) {
    throw UsageError(std::string(option) + ": " + e.what());
  }
}

cumed::Backend ResolveRequestedBackend(cumed::Backend requested) {
  try {
    return cumed::ResolveBackend(requested);
  } catch (const cumed::CudaError& e) {
    throw cumed::CudaError(std::string("--backend ") + cumed::ToString(requested) + ": " + e.what(),
                           e.code());
  }
}

} // namespace cumed::app
