#pragma once
// The CPU (OpenMP) backend of the mesh deformation: the reference the CUDA kernels are checked
// against. Internal to CuMed::Deformation.
#include "cumed/core/Mesh.h"
#include "src/DeformationEngine.h"
#include "src/LatticeMath.h"

#include <cstdint>

namespace cumed::deformation::detail {

/// Vertex -> triangle adjacency (CSR): for vertex v, entries offsets[v]..offsets[v+1]-1 in
/// ascending order of the triangle corner (3 t + r), each the vertex's two neighbours in the
/// triangle's winding order. The CUDA backend builds the same arrays.
struct HostAdjacency {
  MeshArray<std::int64_t> offsets;    ///< numberOfPoints + 1
  MeshArray<std::int32_t> neighbours; ///< 2 per triangle corner
};
/// Point ids must be valid (ValidateMeshCpu).
HostAdjacency BuildAdjacencyCpu(const MeshArray<std::int64_t>& triangles, std::int64_t points);

/// Throws InvalidArgument for a mesh without points or triangles, a non-finite coordinate, a
/// point id out of range, or more points than 32-bit ids hold.
void ValidateMeshCpu(const SurfaceMesh& mesh);

/// Clamped local coordinates of every point; returns how many were outside the lattice.
std::int64_t LocalCoordinatesCpu(const LocalFrame& frame, const float* points, std::int64_t n,
                                 float* stu);

void DeformPointsCpu(const ControlDisplacements& d, const float* points, const float* stu,
                     std::int64_t n, float* out);

void VertexNormalsCpu(const HostAdjacency& adjacency, const float* points, std::int64_t n,
                      bool unitFaces, float* normals);

/// The CPU engine: the mesh copied once, its local coordinates and adjacency; every frame
/// DeformPointsCpu and VertexNormalsCpu.
class CpuDeformation final : public DeformationEngine {
public:
  /// `mesh` validated (ValidateMeshCpu).
  CpuDeformation(const SurfaceMesh& mesh, const LocalFrame& frame);
  Backend backend() const noexcept override { return Backend::CPU; }
  std::int64_t pointsOutside() const noexcept override { return outside_; }
  std::vector<float> localCoordinates() const override;
  void deform(const ControlDisplacements& d, const DeformationOptions& options,
              SurfaceMesh& output) override;
  void deform(const ControlDisplacements& d, const DeformationOptions& options,
              DeviceSurfaceMesh& output) override;

private:
  std::int64_t points_ = 0, triangles_ = 0;
  MeshArray<float> hostPoints_;
  MeshArray<std::int64_t> hostTriangles_;
  MeshArray<float> stu_;
  HostAdjacency adjacency_;
  std::int64_t outside_ = 0;
  const void* lastTriangles_ = nullptr; ///< what deform() wrote into an output last
};

} // namespace cumed::deformation::detail
