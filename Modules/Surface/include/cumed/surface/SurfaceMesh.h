#pragma once
// The output of isosurface extraction: an indexed triangle mesh with shared (welded) points, in
// world coordinates, laid out the way vtkPolyData stores it (xyz floats, 64-bit point ids).
#include "cumed/core/DeviceBuffer.h"

#include <cstdint>
#include <vector>

namespace cumed::surface {

/// A mesh in host memory.
struct SurfaceMesh {
  std::vector<float> points;            ///< x,y,z per point (world coordinates)
  std::vector<std::int64_t> triangles;  ///< three point ids per triangle
  std::vector<float> normals;           ///< unit x,y,z per point, when normals were requested
  std::vector<float> scalars;           ///< the contour value per point, when requested
  std::vector<std::vector<float>> attributes; ///< one array per attribute volume, per point
  /// Where each contour value's points and triangles start; one more entry than values.
  std::vector<std::int64_t> pointOffsets;
  std::vector<std::int64_t> triangleOffsets;

  std::int64_t numberOfPoints() const noexcept {
    return static_cast<std::int64_t>(points.size() / 3);
  }
  std::int64_t numberOfTriangles() const noexcept {
    return static_cast<std::int64_t>(triangles.size() / 3);
  }
};

/// A mesh that stays in device memory (a CUDA run with keepOnDevice), same layout as SurfaceMesh,
/// so a renderer can draw it without a trip through the host.
struct DeviceSurfaceMesh {
  int device = 0;                 ///< the CUDA device that holds the buffers
  std::int64_t numberOfPoints = 0;
  std::int64_t numberOfTriangles = 0;
  DeviceBuffer points;            ///< float[3 * numberOfPoints]
  DeviceBuffer triangles;         ///< int64[3 * numberOfTriangles]
  DeviceBuffer normals;           ///< float[3 * numberOfPoints] or empty
  DeviceBuffer scalars;           ///< float[numberOfPoints] or empty
  std::vector<DeviceBuffer> attributes;
  std::vector<std::int64_t> pointOffsets;
  std::vector<std::int64_t> triangleOffsets;

  /// A host copy (counted device->host transfers).
  SurfaceMesh toHost() const;
};

} // namespace cumed::surface
