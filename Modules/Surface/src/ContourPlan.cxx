#include "ContourPlan.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cumed::surface::detail {

void ValidateRequest(const ImageGeometry& geometry, MemoryLocation location,
                     const IsosurfaceOptions& options,
                     const std::vector<ImageGeometry>& attributeGeometries,
                     const std::vector<MemoryLocation>& attributeLocations) {
  geometry.validate();
  for (int a = 0; a < 3; ++a) {
    if (geometry.size[a] < 2) {
      std::ostringstream message;
      message << "isosurface: the volume is " << geometry.size[0] << "x" << geometry.size[1] << "x"
              << geometry.size[2] << "; marching cubes needs at least 2 points along "
              << "every axis (axis "
              << "xyz"[a] << " has " << geometry.size[a] << ")";
      throw InvalidArgument(message.str());
    }
  }
  for (int a = 0; a < 3; ++a) {
    if (geometry.size[a] >= static_cast<std::size_t>(kMaxPointsPerAxis)) {
      throw InvalidArgument("isosurface: axis " + std::string(1, "xyz"[a]) + " has " +
                            std::to_string(geometry.size[a]) + " points; at most " +
                            std::to_string(kMaxPointsPerAxis - 1) + " are supported");
    }
  }
  if (options.values.empty()) {
    throw InvalidArgument("isosurface: no contour values were given");
  }
  for (std::size_t v = 0; v < options.values.size(); ++v) {
    numbers::RequireFinite("isosurface: values[" + std::to_string(v) + "]", options.values[v]);
  }
  if (options.numberOfSlabs < 0 || options.numberOfDevices < 0) {
    throw InvalidArgument("isosurface: numberOfSlabs and numberOfDevices must not be negative");
  }
  for (std::size_t a = 0; a < attributeGeometries.size(); ++a) {
    if (attributeGeometries[a].size != geometry.size) {
      std::ostringstream message;
      message << "isosurface: attribute volume " << a << " is " << attributeGeometries[a].size[0]
              << "x" << attributeGeometries[a].size[1] << "x" << attributeGeometries[a].size[2]
              << " but the contoured volume is " << geometry.size[0] << "x" << geometry.size[1]
              << "x" << geometry.size[2];
      throw InvalidArgument(message.str());
    }
    if (attributeLocations[a] != location) {
      throw InvalidArgument("isosurface: attribute volume " + std::to_string(a) + " is in " +
                            ToString(attributeLocations[a]) +
                            " memory but the contoured volume is in " + ToString(location) +
                            " memory");
    }
  }
}

std::vector<std::pair<std::int64_t, std::int64_t>> PlanSlabs(std::int64_t nz, int slabs) {
  return PlanSlabs(0, nz, slabs);
}

std::vector<std::pair<std::int64_t, std::int64_t>> PlanSlabs(std::int64_t zBegin, std::int64_t zEnd,
                                                             int slabs) {
  const std::int64_t planes = zEnd - zBegin;
  const std::int64_t count = std::max<std::int64_t>(1, std::min<std::int64_t>(slabs, planes));
  std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
  for (std::int64_t s = 0; s < count; ++s) {
    ranges.emplace_back(zBegin + planes * s / count, zBegin + planes * (s + 1) / count);
  }
  return ranges;
}

std::vector<ContourJob> PlanJobs(const ImageGeometry& geometry, const IsosurfaceOptions& options,
                                 int slabs) {
  return PlanJobs(geometry, options, PlanSlabs(static_cast<std::int64_t>(geometry.size[2]), slabs));
}

std::vector<ContourJob> PlanJobs(const ImageGeometry& geometry, const IsosurfaceOptions& options,
                                 const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges) {
  const auto nx = static_cast<std::int64_t>(geometry.size[0]);
  const auto ny = static_cast<std::int64_t>(geometry.size[1]);
  const auto nz = static_cast<std::int64_t>(geometry.size[2]);
  std::vector<ContourJob> jobs;
  for (std::size_t v = 0; v < options.values.size(); ++v) {
    for (std::size_t s = 0; s < ranges.size(); ++s) {
      ContourJob job;
      job.valueIndex = static_cast<int>(v);
      job.value = options.values[v];
      job.slab = static_cast<int>(s);
      job.grid = ContourGrid{
          nx, ny, nz, (nx + kWordBits - 1) / kWordBits, ranges[s].first, ranges[s].second};
      jobs.push_back(job);
    }
  }
  return jobs;
}

void AssignJobOffsets(std::vector<ContourJob>& jobs) {
  std::int64_t points = 0, triangles = 0;
  for (auto& job : jobs) {
    job.pointOffset = points;
    job.triangleOffset = triangles;
    points += job.points;
    triangles += job.triangles;
  }
}

WorldTransform MakeWorldTransform(const ImageGeometry& geometry) {
  WorldTransform world{};
  const auto& d = geometry.direction;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      world.direction[r][c] = d[3 * r + c];
      world.matrix[r][c] = d[3 * r + c] * geometry.spacing[c];
    }
    world.matrix[r][3] = geometry.origin[r];
    world.spacing[r] = geometry.spacing[r];
  }
  // vtkMatrix3x3::Determinant's expansion (VTK 9.1): down the first column, same rounding.
  world.determinant = d[0] * (d[4] * d[8] - d[5] * d[7]) - d[3] * (d[1] * d[8] - d[2] * d[7]) +
                      d[6] * (d[1] * d[5] - d[2] * d[4]);
  const bool identityDirection = d == std::array<double, 9>{1, 0, 0, 0, 1, 0, 0, 0, 1};
  const bool unitSpacing = geometry.spacing == std::array<double, 3>{1.0, 1.0, 1.0};
  // vtkImageTransform leaves normals alone when it only translates the points.
  world.transformsNormals = !(identityDirection && unitSpacing);
  return world;
}

void FillValueOffsets(const std::vector<ContourJob>& jobs, std::size_t values,
                      std::vector<std::int64_t>& pointOffsets,
                      std::vector<std::int64_t>& triangleOffsets) {
  pointOffsets.assign(values + 1, 0);
  triangleOffsets.assign(values + 1, 0);
  for (const auto& job : jobs) {
    pointOffsets[job.valueIndex + 1] = job.pointOffset + job.points;
    triangleOffsets[job.valueIndex + 1] = job.triangleOffset + job.triangles;
  }
  for (std::size_t v = 1; v <= values; ++v) {
    pointOffsets[v] = std::max(pointOffsets[v], pointOffsets[v - 1]);
    triangleOffsets[v] = std::max(triangleOffsets[v], triangleOffsets[v - 1]);
  }
}

void AllocateMesh(SurfaceMesh& mesh, const std::vector<ContourJob>& jobs, std::size_t values,
                  const IsosurfaceOptions& options, std::size_t attributeCount) {
  FillValueOffsets(jobs, values, mesh.pointOffsets, mesh.triangleOffsets);
  const auto points = static_cast<std::size_t>(mesh.pointOffsets.back());
  const auto triangles = static_cast<std::size_t>(mesh.triangleOffsets.back());
  mesh.points.resize(3 * points);
  mesh.triangles.resize(3 * triangles);
  mesh.normals.resize(options.computeNormals ? 3 * points : 0);
  mesh.scalars.resize(options.computeScalars ? points : 0);
  mesh.attributes.assign(attributeCount, MeshArray<float>(points));
}

} // namespace cumed::surface::detail
