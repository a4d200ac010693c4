#include "cumed/deformation/MeshDeformation.h"

#include "cpu/DeformCpu.h"
#include "cumed/core/Error.h"
#include "src/CudaDeformation.h"
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
  // CPU backend
  MeshArray<float> hostPoints;
  MeshArray<std::int64_t> hostTriangles;
  MeshArray<float> stu;
  HostAdjacency adjacency;
  std::int64_t outside = 0;
  const void* lastHostTriangles = nullptr;
  // CUDA backend
  std::unique_ptr<CudaDeformation> cuda;
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
  const LocalFrame frame = MakeLocalFrame(lattice);
  if (m.backend == Backend::CUDA) {
    m.cuda = std::make_unique<CudaDeformation>(mesh, frame, options);
  } else {
    m.hostPoints = mesh.points;
    m.hostTriangles = mesh.triangles;
    m.stu.resize(m.hostPoints.size());
    m.outside = LocalCoordinatesCpu(frame, m.hostPoints.data(), m.points, m.stu.data());
    m.adjacency = BuildAdjacencyCpu(m.hostTriangles, m.points);
  }
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
  m.cuda = std::make_unique<CudaDeformation>(std::move(mesh), MakeLocalFrame(lattice), options);
  scope.finish(Backend::CUDA, 1);
}

MeshDeformation::~MeshDeformation() = default;
MeshDeformation::MeshDeformation(MeshDeformation&&) noexcept = default;
MeshDeformation& MeshDeformation::operator=(MeshDeformation&&) noexcept = default;

void MeshDeformation::deform(const std::vector<double>& controlPoints, SurfaceMesh& output) {
  Impl& m = *impl_;
  const ControlDisplacements d = MakeDisplacements(m.lattice, m.restPoints, controlPoints);
  ExecutionScope scope(m.options, static_cast<std::size_t>(m.points));
  if (m.cuda) {
    m.cuda->deform(d, m.options, output);
  } else {
    const auto n = static_cast<std::size_t>(m.points);
    output.points.resize(3 * n);
    DeformPointsCpu(d, m.hostPoints.data(), m.stu.data(), m.points, output.points.data());
    if (m.options.computeNormals) {
      output.normals.resize(3 * n);
      VertexNormalsCpu(m.adjacency, output.points.data(), m.points,
                       m.options.faceWeighting == FaceWeighting::Unit, output.normals.data());
    } else {
      output.normals.clear();
    }
    if (output.triangles.size() != m.hostTriangles.size() ||
        output.triangles.data() != m.lastHostTriangles) {
      output.triangles = m.hostTriangles;
      m.lastHostTriangles = output.triangles.data();
    }
    output.scalars.clear();
    output.attributes.clear();
    output.pointOffsets = {0, m.points};
    output.triangleOffsets = {0, m.triangles};
  }
  scope.finish(m.backend, m.cuda ? 1 : 0);
}

void MeshDeformation::deform(const std::vector<double>& controlPoints, DeviceSurfaceMesh& output) {
  Impl& m = *impl_;
  if (!m.cuda)
    throw InvalidArgument("FFD: a device output needs the CUDA backend; this deformation runs on "
                          "the CPU (deform into a SurfaceMesh)");
  const ControlDisplacements d = MakeDisplacements(m.lattice, m.restPoints, controlPoints);
  ExecutionScope scope(m.options, static_cast<std::size_t>(m.points));
  m.cuda->deform(d, m.options, output);
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
  return impl_->cuda ? impl_->cuda->pointsOutside() : impl_->outside;
}
std::vector<float> MeshDeformation::localCoordinates() const {
  if (impl_->cuda) return impl_->cuda->localCoordinates();
  return std::vector<float>(impl_->stu.begin(), impl_->stu.end());
}
LaunchConfiguration MeshDeformation::launchConfiguration() const noexcept {
  return impl_->cuda ? impl_->cuda->launchConfiguration() : LaunchConfiguration{};
}
void MeshDeformation::setThreadsPerBlock(int threadsPerBlock) {
  DeformationOptions probe;
  probe.threadsPerBlock = threadsPerBlock;
  ValidateOptions(probe);
  impl_->options.threadsPerBlock = threadsPerBlock;
  if (impl_->cuda) impl_->cuda->setThreadsPerBlock(threadsPerBlock);
}

std::array<double, 6> MeshBounds(const DeviceSurfaceMesh& mesh) {
  if (mesh.numberOfPoints == 0) throw InvalidArgument("FFD: the mesh has no points");
  return DeviceMeshBounds(mesh);
}

} // namespace cumed::deformation
