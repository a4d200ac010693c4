// A build without CUDA: no device mesh can exist, and the mapper always uploads from the host.
#include "DeviceMeshInterop.h"

#include "cumed/core/Error.h"

namespace cumed::rendering::detail {

namespace {
[[noreturn]] void NoCuda(const char* what) {
  throw Error(std::string(what) + ": CuMed was built without CUDA (CUMED_CUDA=OFF or no nvcc)");
}
} // namespace

std::string InteropUnavailableReason(const DeviceSurfaceMesh&) {
  return "CuMed was built without CUDA";
}

RegisteredGlBuffer::RegisteredGlBuffer(unsigned glBuffer, std::size_t bytes)
    : glBuffer_(glBuffer), bytes_(bytes) {
  NoCuda("registering an OpenGL buffer with CUDA");
}

RegisteredGlBuffer::~RegisteredGlBuffer() = default;

void FillGlBuffers(const DeviceSurfaceMesh&, RegisteredGlBuffer&, RegisteredGlBuffer*,
                   RegisteredGlBuffer*, const ColourFill*, InteropFillTimes*) {
  NoCuda("filling OpenGL buffers from a device mesh");
}

std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh&, BoundsScratch&) {
  NoCuda("the bounds of a device mesh");
}

} // namespace cumed::rendering::detail
