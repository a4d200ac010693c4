#include "cumed/deformation/MeshDeformation.h"

#include "cpu/DeformCpu.h"
#include "cumed/core/Error.h"
#include "src/DeformationEngine.h"
#include "src/LatticeMath.h"

#include <algorithm>
#include <limits>
#include <string>

namespace cumed::deformation {

using namespace detail;

struct MeshDeformation::Impl {
  Backend backend = Backend::CPU;
  Lattice lattice;
  std::vector<double> restPoints; ///< the lattice's, computed once
  DeformationOptions options;
  std::int64_t points = 0, triangles = 0;
  std::unique_ptr<DeformationEngine> engine; ///< the mesh's state on `backend`
};

namespace {

void ValidateOptions(const DeformationOptions& options) {
  if (options.threadsPerBlock < 0 || options.threadsPerBlock > 1024)
    throw InvalidArgument("FFD: threadsPerBlock " + std::to_string(options.threadsPerBlock) +
                          " is not in 1..1024 (or 0: from the occupancy API)");
}

} // namespace

MeshDeformation::MeshDeformation(const SurfaceMesh& mesh, const Lattice& lattice,
                                 const DeformationOptions& options)
    : impl_(std::make_unique<Impl>()) {
  ValidateLattice(lattice);
  ValidateOptions(options);
  ValidateMeshCpu(mesh);
  Impl& m = *impl_;
  m.lattice = lattice;
  m.restPoints = lattice.restPoints();
  m.options = options;
  m.points = mesh.numberOfPoints();
  m.triangles = mesh.numberOfTriangles();
  ExecutionScope scope(options, static_cast<std::size_t>(m.points));
  m.backend = ResolveBackend(options.backend);
  m.engine = MakeDeformationEngine(m.backend, mesh, MakeLocalFrame(lattice), options);
  scope.finish(m.backend, m.backend == Backend::CUDA ? 1 : 0);
}

MeshDeformation::MeshDeformation(std::shared_ptr<const DeviceSurfaceMesh> mesh,
                                 const Lattice& lattice, const DeformationOptions& options)
    : impl_(std::make_unique<Impl>()) {
  if (!mesh) throw InvalidArgument("FFD: the device mesh is null");
  if (options.backend == Backend::CPU)
    throw InvalidArgument("FFD: a device mesh is deformed by the CUDA backend only; the CPU "
                          "backend was asked for (download the mesh with toHost() first)");
  ValidateLattice(lattice);
  ValidateOptions(options);
  if (mesh->numberOfPoints == 0 || mesh->numberOfTriangles == 0)
    throw InvalidArgument("FFD: the mesh is empty (" + std::to_string(mesh->numberOfPoints) +
                          " points, " + std::to_string(mesh->numberOfTriangles) + " triangles)");
  if (mesh->numberOfPoints > std::numeric_limits<std::int32_t>::max() ||
      3 * mesh->numberOfTriangles > std::numeric_limits<std::int32_t>::max())
    throw InvalidArgument("FFD: the device mesh has " + std::to_string(mesh->numberOfPoints) +
                          " points and " + std::to_string(mesh->numberOfTriangles) +
                          " triangles; at most 2^31-1 points and 715,827,882 triangles are "
                          "supported");
  Impl& m = *impl_;
  ExecutionScope scope(options, static_cast<std::size_t>(mesh->numberOfPoints));
  m.backend = ResolveBackend(Backend::CUDA);
  m.lattice = lattice;
  m.restPoints = lattice.restPoints();
  m.options = options;
  m.points = mesh->numberOfPoints;
  m.triangles = mesh->numberOfTriangles;
  m.engine = MakeDeformationEngine(std::move(mesh), MakeLocalFrame(lattice), options);
  scope.finish(Backend::CUDA, 1);
}

MeshDeformation::~MeshDeformation() = default;
MeshDeformation::MeshDeformation(MeshDeformation&&) noexcept = default;
MeshDeformation& MeshDeformation::operator=(MeshDeformation&&) noexcept = default;

void MeshDeformation::deform(const std::vector<double>& controlPoints, SurfaceMesh& output) {
  Impl& m = *impl_;
  const ControlDisplacements d = MakeDisplacements(m.lattice, m.restPoints, controlPoints);
  ExecutionScope scope(m.options, static_cast<std::size_t>(m.points));
  m.engine->deform(d, m.options, output);
  scope.finish(m.backend, m.backend == Backend::CUDA ? 1 : 0);
}

void MeshDeformation::deform(const std::vector<double>& controlPoints, DeviceSurfaceMesh& output) {
  Impl& m = *impl_;
  if (m.backend != Backend::CUDA)
    throw InvalidArgument("FFD: a device output needs the CUDA backend; this deformation runs on "
                          "the CPU (deform into a SurfaceMesh)");
  const ControlDisplacements d = MakeDisplacements(m.lattice, m.restPoints, controlPoints);
  ExecutionScope scope(m.options, static_cast<std::size_t>(m.points));
  m.engine->deform(d, m.options, output);
  scope.finish(Backend::CUDA, 1);
}

Backend MeshDeformation::backend() const noexcept {
  return impl_->backend;
}
const Lattice& MeshDeformation::lattice() const noexcept {
  return impl_->lattice;
}
std::int64_t MeshDeformation::numberOfPoints() const noexcept {
  return impl_->points;
}
std::int64_t MeshDeformation::numberOfTriangles() const noexcept {
  return impl_->triangles;
}
std::int64_t MeshDeformation::pointsOutside() const noexcept {
  return impl_->engine->pointsOutside();
}
std::vector<float> MeshDeformation::localCoordinates() const {
  return impl_->engine->localCoordinates();
}
LaunchConfiguration MeshDeformation::launchConfiguration() const noexcept {
  return impl_->engine->launchConfiguration();
}
void MeshDeformation::setThreadsPerBlock(int threadsPerBlock) {
  DeformationOptions probe;
  probe.threadsPerBlock = threadsPerBlock;
  ValidateOptions(probe);
  impl_->options.threadsPerBlock = threadsPerBlock;
  impl_->engine->setThreadsPerBlock(threadsPerBlock);
}

std::array<double, 6> MeshBounds(const DeviceSurfaceMesh& mesh) {
  if (mesh.numberOfPoints == 0) throw InvalidArgument("FFD: the mesh has no points");
  return DeviceMeshBounds(mesh);
}

} // namespace cumed::deformation
