#include "cumed/surface/SurfaceMesh.h"

#include "cumed/core/Transfer.h"

#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace cumed::surface {
namespace detail {
namespace {
constexpr std::size_t kHugePage = std::size_t(2) << 20;
constexpr std::size_t kHugeThreshold = 2 * kHugePage;
} // namespace

void* AllocateMeshMemory(std::size_t bytes) {
  if (bytes < kHugeThreshold) {
    return ::operator new(bytes);
  }
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = std::aligned_alloc(kHugePage, rounded);
  if (memory == nullptr) {
    throw std::bad_alloc();
  }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(memory, rounded, MADV_HUGEPAGE); // advice only: without huge pages it still works
#endif
  return memory;
}

void FreeMeshMemory(void* memory, std::size_t bytes) noexcept {
  if (bytes < kHugeThreshold) {
    ::operator delete(memory);
  } else {
    std::free(memory);
  }
}
} // namespace detail

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

} // namespace cumed::surface
