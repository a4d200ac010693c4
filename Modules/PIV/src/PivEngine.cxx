// The one place CuMed::PIV picks a backend: the CPU engine always, the CUDA engine in a build with
// CUDA (CUMED_WITH_CUDA, cumed/core/Config.h).
#include "src/PivEngine.h"

#include "cpu/PivCpuEngine.h"
#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#if CUMED_WITH_CUDA
#include "cuda/PivCudaEngine.h"
#endif

namespace cumed::piv::detail {

std::unique_ptr<PivEngine> MakePivEngine(Backend backend) {
  if (backend != Backend::CUDA) return std::make_unique<PivCpuEngine>();
#if CUMED_WITH_CUDA
  return std::make_unique<PivCudaEngine>();
#else
  throw CudaError("PIV: this CuMed was built without CUDA; the CUDA backend is not available", 0);
#endif
}

} // namespace cumed::piv::detail
