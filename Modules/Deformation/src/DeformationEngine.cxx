// The one place CuMed::Deformation picks a backend: the CPU engine always, the CUDA engine in a
// build with CUDA (CUMED_WITH_CUDA, cumed/core/Config.h).
#include "src/DeformationEngine.h"

#include "cpu/DeformCpu.h"
#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#if CUMED_WITH_CUDA
#include "cuda/CudaDeformation.h"
#endif

namespace cumed::deformation::detail {

#if !CUMED_WITH_CUDA
namespace {
[[noreturn]] void CudaNotBuilt() {
  throw CudaError("FFD: this CuMed was built without CUDA; the CUDA backend is not available", 0);
}
} // namespace
#endif

std::unique_ptr<DeformationEngine> MakeDeformationEngine(Backend backend, const SurfaceMesh& mesh,
                                                         const LocalFrame& frame,
                                                         const DeformationOptions& options) {
  if (backend != Backend::CUDA) return std::make_unique<CpuDeformation>(mesh, frame);
#if CUMED_WITH_CUDA
  return std::make_unique<CudaDeformation>(mesh, frame, options);
#else
  (void)options;
  CudaNotBuilt();
#endif
}

std::unique_ptr<DeformationEngine>
MakeDeformationEngine(std::shared_ptr<const DeviceSurfaceMesh> mesh, const LocalFrame& frame,
                      const DeformationOptions& options) {
#if CUMED_WITH_CUDA
  return std::make_unique<CudaDeformation>(std::move(mesh), frame, options);
#else
  (void)mesh, (void)frame, (void)options;
  CudaNotBuilt();
#endif
}

std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh& mesh) {
#if CUMED_WITH_CUDA
  return DeviceMeshBoundsCuda(mesh);
#else
  (void)mesh;
  CudaNotBuilt();
#endif
}

} // namespace cumed::deformation::detail
