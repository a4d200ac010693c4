// The one place CuMed::Surface picks a backend for its isosurfaces: the CPU engine always, the
// CUDA engine in a build with CUDA (CUMED_WITH_CUDA, cumed/core/Config.h).
#include "src/ContourEngine.h"

#include "cpu/IsosurfaceCpu.h"
#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#if CUMED_WITH_CUDA
#include "cuda/IsosurfaceCuda.h"
#endif

namespace cumed::surface::detail {

template <class T> std::unique_ptr<ContourEngine<T>> MakeContourEngine(Backend backend) {
  if (backend != Backend::CUDA) return std::make_unique<ContourEngineCpu<T>>();
#if CUMED_WITH_CUDA
  return std::make_unique<ContourEngineCuda<T>>();
#else
  throw CudaError("isosurface: this CuMed was built without CUDA; the CUDA backend is not "
                  "available",
                  0);
#endif
}

#define CUMED_INSTANTIATE_ENGINE(T)                                                                \
  template std::unique_ptr<ContourEngine<T>> MakeContourEngine<T>(Backend);
CUMED_INSTANTIATE_ENGINE(std::uint8_t)
CUMED_INSTANTIATE_ENGINE(std::int16_t)
CUMED_INSTANTIATE_ENGINE(std::uint16_t)
CUMED_INSTANTIATE_ENGINE(float)
#undef CUMED_INSTANTIATE_ENGINE

} // namespace cumed::surface::detail
