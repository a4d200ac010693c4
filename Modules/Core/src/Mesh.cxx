#include "cumed/core/Mesh.h"

#include "cumed/core/Transfer.h"

#include <cstdlib>
#include <new>

#include <sys/mman.h>

namespace cumed {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
} // namespace

void* AllocateMeshMemory(std::size_t bytes) {
  if (bytes < kHugePage) return ::operator new(bytes);
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  if (rounded < bytes) throw std::bad_alloc();
  void* memory = nullptr;
  if (posix_memalign(&memory, kHugePage, rounded) != 0) throw std::bad_alloc();
  // A hint only: where the kernel has no transparent huge pages the memory works as usual.
  madvise(memory, rounded, MADV_HUGEPAGE);
  return memory;
}

void FreeMeshMemory(void* memory, std::size_t bytes) noexcept {
  if (bytes < kHugePage)
    ::operator delete(memory);
  else
    std::free(memory);
}

namespace {
template <class T> void Download(const DeviceBuffer& buffer, MeshArray<T>& host, std::size_t n) {
  host.resize(n);
  if (n > 0) {
    CopyDeviceToHost(host.data(), buffer.data(), n * sizeof(T));
  }
}
} // namespace

SurfaceMesh DeviceSurfaceMesh::toHost() const {
  SurfaceMesh mesh;
  const auto points = static_cast<std::size_t>(numberOfPoints);
  Download(this->points, mesh.points, 3 * points);
  Download(this->triangles, mesh.triangles, 3 * static_cast<std::size_t>(numberOfTriangles));
  Download(this->normals, mesh.normals, this->normals.empty() ? 0 : 3 * points);
  Download(this->scalars, mesh.scalars, this->scalars.empty() ? 0 : points);
  mesh.attributes.resize(attributes.size());
  for (std::size_t a = 0; a < attributes.size(); ++a) {
    Download(attributes[a], mesh.attributes[a], points);
  }
  mesh.pointOffsets = pointOffsets;
  mesh.triangleOffsets = triangleOffsets;
  return mesh;
}

} // namespace cumed
