// A build without CUDA: the CUDA backend cannot be constructed (ResolveBackend already refuses
// it; these are for callers that get here anyway).
#include "src/CudaDeformation.h"

#include "cumed/core/Error.h"

namespace cumed::deformation::detail {
namespace {
[[noreturn]] void NotBuilt() {
  throw CudaError("FFD: this CuMed was built without CUDA; the CUDA backend is not available", 0);
}
} // namespace

struct CudaDeformation::State {};

CudaDeformation::CudaDeformation(const SurfaceMesh&, const LocalFrame&, const DeformationOptions&) {
  NotBuilt();
}
CudaDeformation::CudaDeformation(std::shared_ptr<const DeviceSurfaceMesh>, const LocalFrame&,
                                 const DeformationOptions&) {
  NotBuilt();
}
CudaDeformation::~CudaDeformation() = default;
std::int64_t CudaDeformation::pointsOutside() const noexcept {
  return 0;
}
std::vector<float> CudaDeformation::localCoordinates() const {
  NotBuilt();
}
LaunchConfiguration CudaDeformation::launchConfiguration() const noexcept {
  return {};
}
void CudaDeformation::setThreadsPerBlock(int) {
  NotBuilt();
}
void CudaDeformation::deform(const ControlDisplacements&, const DeformationOptions&,
                             DeviceSurfaceMesh&) {
  NotBuilt();
}
void CudaDeformation::deform(const ControlDisplacements&, const DeformationOptions&, SurfaceMesh&) {
  NotBuilt();
}
std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh&) {
  NotBuilt();
}

} // namespace cumed::deformation::detail
