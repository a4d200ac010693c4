#pragma once
// The CUDA engine of the mesh deformation: the mesh on the device (uploaded once, or a caller's
// device mesh read in place), the local coordinates and the adjacency built there, and the
// per-frame kernels. Defined in cuda/DeformCuda.cu; made by MakeDeformationEngine. No CUDA types
// here.
#include "src/DeformationEngine.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::deformation::detail {

class CudaDeformation final : public DeformationEngine {
public:
  /// Uploads the points and triangles (validated on the host already).
  CudaDeformation(const SurfaceMesh& mesh, const LocalFrame& frame,
                  const DeformationOptions& options);
  /// Reads `mesh` in place; validates it on the device (non-finite points, point ids), throwing
  /// InvalidArgument as the host validation does.
  CudaDeformation(std::shared_ptr<const DeviceSurfaceMesh> mesh, const LocalFrame& frame,
                  const DeformationOptions& options);
  ~CudaDeformation() override;

  Backend backend() const noexcept override { return Backend::CUDA; }
  std::int64_t pointsOutside() const noexcept override;
  std::vector<float> localCoordinates() const override;
  LaunchConfiguration launchConfiguration() const noexcept override;
  void setThreadsPerBlock(int threadsPerBlock) override;

  /// One frame into `output` (device buffers reallocated when their sizes differ; triangles
  /// copied on the device unless `output` holds what this object wrote last).
  void deform(const ControlDisplacements& d, const DeformationOptions& options,
              DeviceSurfaceMesh& output) override;
  /// One frame, downloaded into `output` (points, normals; triangles as above).
  void deform(const ControlDisplacements& d, const DeformationOptions& options,
              SurfaceMesh& output) override;

  struct State;

private:
  std::unique_ptr<State> state_;
};

/// Bounds of a device mesh's points (DeviceMeshBounds, MeshBounds(const DeviceSurfaceMesh&)).
std::array<double, 6> DeviceMeshBoundsCuda(const DeviceSurfaceMesh& mesh);

} // namespace cumed::deformation::detail
