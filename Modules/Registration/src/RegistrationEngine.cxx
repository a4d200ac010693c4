// The one place CuMed::Registration picks a backend: the CPU engine always, the CUDA engine in a
// build with CUDA (CUMED_WITH_CUDA, cumed/core/Config.h).
#include "src/RegistrationEngine.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"

namespace cumed::registration::detail {

std::unique_ptr<RegistrationEngine> MakeRegistrationEngine(Backend backend) {
  if (backend != Backend::CUDA) return MakeRegistrationEngineCpu();
#if CUMED_WITH_CUDA
  return MakeRegistrationEngineCuda();
#else
  throw CudaError("Register: this build of CuMed has no CUDA backend", 0);
#endif
}

} // namespace cumed::registration::detail
