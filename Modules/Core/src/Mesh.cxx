#include "cumed/core/Mesh.h"

#include "cumed/core/Transfer.h"

namespace cumed {

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
