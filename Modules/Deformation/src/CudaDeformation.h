#pragma once
// The CUDA backend's state for one mesh: the mesh on the device (uploaded once, or a caller's
// device mesh read in place), the local coordinates and the adjacency built there, and the
// per-frame kernels. Defined in cuda/DeformCuda.cu; a CPU-only build defines the constructors to
// throw (src/CudaDeformationUnavailable.cxx). No CUDA types here.
#include "cumed/core/Mesh.h"
#include "cumed/deformation/MeshDeformation.h"
#include "src/LatticeMath.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::deformation::detail {

class CudaDeformation {
public:
  /// Uploads the points and triangles (validated on the host already).
  CudaDeformation(const SurfaceMesh& mesh, const LocalFrame& frame,
                  const DeformationOptions& options);
  /// Reads `mesh` in place; validates it on the device (non-finite points, point ids), throwing
  /// InvalidArgument as the host validation does.
  CudaDeformation(std::shared_ptr<const DeviceSurfaceMesh> mesh, const LocalFrame& frame,
                  const DeformationOptions& options);
  ~CudaDeformation();

  std::int64_t pointsOutside() const noexcept;
  std::vector<float> localCoordinates() const;
  LaunchConfiguration launchConfiguration() const noexcept;
  void setThreadsPerBlock(int threadsPerBlock);

  /// One frame into `output` (device buffers reallocated when their sizes differ; triangles
  /// copied on the device unless `output` holds what this object wrote last).
  void deform(const ControlDisplacements& d, const DeformationOptions& options,
              DeviceSurfaceMesh& output);
  /// One frame, downloaded into `output` (points, normals; triangles as above).
  void deform(const ControlDisplacements& d, const DeformationOptions& options,
              SurfaceMesh& output);

  struct State;

private:
  std::unique_ptr<State> state_;
};

/// Bounds of a device mesh's points (MeshBounds(const DeviceSurfaceMesh&)).
std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh& mesh);

} // namespace cumed::deformation::detail
