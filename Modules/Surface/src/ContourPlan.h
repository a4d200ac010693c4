#pragma once
// What both backends do around the passes: check the request, split the volume into slabs,
// give every (value, slab) job its place in the output, and lay out the mesh arrays.
#include "ContourGrid.h"
#include "PointAttributes.h"
#include "cumed/surface/Isosurface.h"

#include <cstdint>
#include <vector>

namespace cumed::surface::detail {

/// One contour value on one slab. The count pass fills the totals; AssignJobOffsets places it.
struct ContourJob {
  int valueIndex = 0;
  double value = 0.0;
  int slab = 0;
  ContourGrid grid;
  std::int64_t points = 0; ///< points the slab owns
  std::int64_t triangles = 0;
  std::int64_t pointOffset = 0;    ///< global id of its first point
  std::int64_t triangleOffset = 0; ///< global index of its first triangle
};

/// Throws InvalidArgument naming the problem: fewer than 2 points along an axis, no values,
/// non-finite values, attribute volumes of another size or memory location, bad slab counts.
void ValidateRequest(const ImageGeometry& geometry, MemoryLocation location,
                     const IsosurfaceOptions& options,
                     const std::vector<ImageGeometry>& attributeGeometries,
                     const std::vector<MemoryLocation>& attributeLocations);

/// Splits planes [0, nz) into `slabs` contiguous ranges of (nearly) equal size; never more slabs
/// than planes.
std::vector<std::pair<std::int64_t, std::int64_t>> PlanSlabs(std::int64_t nz, int slabs);

/// The same for planes [zBegin, zEnd) (the slab of a distributed volume, split further).
std::vector<std::pair<std::int64_t, std::int64_t>> PlanSlabs(std::int64_t zBegin, std::int64_t zEnd,
                                                             int slabs);

/// Jobs in output order: value-major, then slab.
std::vector<ContourJob> PlanJobs(const ImageGeometry& geometry, const IsosurfaceOptions& options,
                                 int slabs);

/// The same for given plane ranges [first, second) of the volume (one slab of a distributed
/// volume, or PlanSlabs' split).
std::vector<ContourJob> PlanJobs(const ImageGeometry& geometry, const IsosurfaceOptions& options,
                                 const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges);

/// Exclusive scan of the job totals (the host step of the multi-GPU scan); fills the offsets.
void AssignJobOffsets(std::vector<ContourJob>& jobs);

WorldTransform MakeWorldTransform(const ImageGeometry& geometry);

/// Winding::Outward on a reflected direction (determinant < 0): triangles are written reversed.
inline bool ReversesWinding(const IsosurfaceOptions& options, const WorldTransform& world) {
  return options.winding == Winding::Outward && world.determinant < 0.0;
}

/// The contour value as the per-point scalar VTK writes: converted to the input pixel type.
template <class T> float ScalarOfValue(double value) {
  return static_cast<float>(static_cast<T>(value));
}

/// Sizes the host mesh for all jobs and fills the per-value offsets.
void AllocateMesh(SurfaceMesh& mesh, const std::vector<ContourJob>& jobs, std::size_t values,
                  const IsosurfaceOptions& options, std::size_t attributeCount);

/// The same offsets for a device mesh.
void FillValueOffsets(const std::vector<ContourJob>& jobs, std::size_t values,
                      std::vector<std::int64_t>& pointOffsets,
                      std::vector<std::int64_t>& triangleOffsets);

} // namespace cumed::surface::detail
