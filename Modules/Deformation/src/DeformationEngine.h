#pragma once
// Internal: one mesh's deformation on one backend, in the pattern every CuMed module follows
// (Documentation/platform.md, "One CPU/CUDA pattern"): this interface, the CPU engine
// (cpu/DeformCpu.h), the CUDA engine (cuda/CudaDeformation.h) and MakeDeformationEngine
// (src/DeformationEngine.cxx), the one place that picks a backend. MeshDeformation keeps the
// lattice and the options; an engine keeps the mesh, its local coordinates and its adjacency.
#include "cumed/core/Backend.h"
#include "cumed/core/Mesh.h"
#include "cumed/deformation/MeshDeformation.h"
#include "src/LatticeMath.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::deformation::detail {

class DeformationEngine {
public:
  virtual ~DeformationEngine() = default;
  virtual Backend backend() const noexcept = 0;
  /// Points whose local coordinates fall outside [0, 1]^3.
  virtual std::int64_t pointsOutside() const noexcept = 0;
  /// The clamped local coordinates of every point, on the host.
  virtual std::vector<float> localCoordinates() const = 0;
  /// The block sizes of the last frame's kernels (zeros on the CPU).
  virtual LaunchConfiguration launchConfiguration() const noexcept { return {}; }
  /// CUDA block size for later frames (0: the occupancy API); nothing to do on the CPU.
  virtual void setThreadsPerBlock(int /*threadsPerBlock*/) {}
  /// One frame into a host mesh (points, normals; triangles unless `output` holds what this
  /// engine wrote there last).
  virtual void deform(const ControlDisplacements& d, const DeformationOptions& options,
                      SurfaceMesh& output) = 0;
  /// One frame into a device mesh (the CPU engine refuses: InvalidArgument).
  virtual void deform(const ControlDisplacements& d, const DeformationOptions& options,
                      DeviceSurfaceMesh& output) = 0;
};

/// The engine of `backend` (CPU or CUDA, resolved) for a validated host mesh. CudaError naming the
/// missing backend when CUDA is asked for in a build without it.
std::unique_ptr<DeformationEngine> MakeDeformationEngine(Backend backend, const SurfaceMesh& mesh,
                                                         const LocalFrame& frame,
                                                         const DeformationOptions& options);
/// The CUDA engine for a device mesh, read in place (validated on the device).
std::unique_ptr<DeformationEngine>
MakeDeformationEngine(std::shared_ptr<const DeviceSurfaceMesh> mesh, const LocalFrame& frame,
                      const DeformationOptions& options);
/// Bounds of a device mesh's points (min x, max x, min y, ...), computed on its device.
std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh& mesh);

} // namespace cumed::deformation::detail
