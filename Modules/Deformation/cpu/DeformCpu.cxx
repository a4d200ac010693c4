#include "cpu/DeformCpu.h"

#include "cumed/core/Error.h"

#include <cmath>
#include <limits>
#include <string>

namespace cumed::deformation::detail {

void ValidateMeshCpu(const SurfaceMesh& mesh) {
  const std::int64_t points = mesh.numberOfPoints(), triangles = mesh.numberOfTriangles();
  if (points == 0 || triangles == 0)
    throw InvalidArgument("FFD: the mesh is empty (" + std::to_string(points) + " points, " +
                          std::to_string(triangles) + " triangles)");
  if (points > std::numeric_limits<std::int32_t>::max() ||
      3 * triangles > std::numeric_limits<std::int32_t>::max())
    throw InvalidArgument("FFD: the mesh has " + std::to_string(points) + " points and " +
                          std::to_string(triangles) + " triangles; at most 2^31-1 points and " +
                          "715,827,882 triangles are supported");
  for (std::int64_t p = 0; p < points; ++p) {
    const float* x = mesh.points.data() + 3 * p;
    if (!std::isfinite(x[0]) || !std::isfinite(x[1]) || !std::isfinite(x[2]))
      ThrowNonFinitePoint(p, x);
  }
  for (std::int64_t i = 0; i < 3 * triangles; ++i) {
    const std::int64_t id = mesh.triangles[i];
    if (id < 0 || id >= points) ThrowBadPointId(i / 3, id, points);
  }
}

HostAdjacency BuildAdjacencyCpu(const MeshArray<std::int64_t>& triangles, std::int64_t points) {
  HostAdjacency a;
  const std::int64_t corners = static_cast<std::int64_t>(triangles.size());
  a.offsets.assign(static_cast<std::size_t>(points + 1), 0);
  for (std::int64_t c = 0; c < corners; ++c) ++a.offsets[triangles[c] + 1];
  for (std::int64_t p = 0; p < points; ++p) a.offsets[p + 1] += a.offsets[p];
  // A counting sort in corner order: within a vertex, ascending corners (what a stable sort by
  // vertex gives on the GPU).
  MeshArray<std::int64_t> cursor(a.offsets.begin(), a.offsets.end() - 1);
  a.neighbours.resize(static_cast<std::size_t>(2 * corners));
  for (std::int64_t c = 0; c < corners; ++c) {
    const std::int64_t t = c / 3, r = c % 3;
    const std::int64_t e = cursor[triangles[c]]++;
    a.neighbours[2 * e] = static_cast<std::int32_t>(triangles[3 * t + (r + 1) % 3]);
    a.neighbours[2 * e + 1] = static_cast<std::int32_t>(triangles[3 * t + (r + 2) % 3]);
  }
  return a;
}

std::int64_t LocalCoordinatesCpu(const LocalFrame& frame, const float* points, std::int64_t n,
                                 float* stu) {
  std::int64_t outside = 0;
#pragma omp parallel for reduction(+ : outside) schedule(static)
  for (std::int64_t p = 0; p < n; ++p) {
    bool out = false;
    LocalCoordinates(frame, points + 3 * p, stu + 3 * p, out);
    outside += out ? 1 : 0;
  }
  return outside;
}

void DeformPointsCpu(const ControlDisplacements& d, const float* points, const float* stu,
                     std::int64_t n, float* out) {
  WithDisplacements(d, [&](const auto& p) {
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n; ++v) DeformPoint(p, points + 3 * v, stu + 3 * v, out + 3 * v);
  });
}

void VertexNormalsCpu(const HostAdjacency& a, const float* points, std::int64_t n, bool unitFaces,
                      float* normals) {
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v)
    VertexNormal(v, a.offsets.data(), a.neighbours.data(), points, unitFaces, normals + 3 * v);
}

CpuDeformation::CpuDeformation(const SurfaceMesh& mesh, const LocalFrame& frame)
    : points_(mesh.numberOfPoints()), triangles_(mesh.numberOfTriangles()),
      hostPoints_(mesh.points), hostTriangles_(mesh.triangles), stu_(mesh.points.size()) {
  outside_ = LocalCoordinatesCpu(frame, hostPoints_.data(), points_, stu_.data());
  adjacency_ = BuildAdjacencyCpu(hostTriangles_, points_);
}

std::vector<float> CpuDeformation::localCoordinates() const {
  return std::vector<float>(stu_.begin(), stu_.end());
}

void CpuDeformation::deform(const ControlDisplacements& d, const DeformationOptions& options,
                            SurfaceMesh& output) {
  const auto n = static_cast<std::size_t>(points_);
  output.points.resize(3 * n);
  DeformPointsCpu(d, hostPoints_.data(), stu_.data(), points_, output.points.data());
  if (options.computeNormals) {
    output.normals.resize(3 * n);
    VertexNormalsCpu(adjacency_, output.points.data(), points_,
                     options.faceWeighting == FaceWeighting::Unit, output.normals.data());
  } else {
    output.normals.clear();
  }
  if (output.triangles.size() != hostTriangles_.size() ||
      output.triangles.data() != lastTriangles_) {
    output.triangles = hostTriangles_;
    lastTriangles_ = output.triangles.data();
  }
  output.scalars.clear();
  output.attributes.clear();
  output.pointOffsets = {0, points_};
  output.triangleOffsets = {0, triangles_};
}

void CpuDeformation::deform(const ControlDisplacements&, const DeformationOptions&,
                            DeviceSurfaceMesh&) {
  throw InvalidArgument("FFD: a device output needs the CUDA backend; this deformation runs on "
                        "the CPU (deform into a SurfaceMesh)");
}

} // namespace cumed::deformation::detail
