#pragma once
// The host mesh that glyph builders (arrows, pathline ribbons) fill item by item: a fixed number
// of points and triangles per item, one scalar per point for colouring, one piece.
#include "cumed/core/Mesh.h"

#include <cstddef>
#include <cstdint>

namespace cumed::piv::detail {

inline void ResizeFlatMesh(SurfaceMesh& mesh, std::int64_t items, int pointsEach,
                           int trianglesEach) {
  const std::size_t points = std::size_t(items) * pointsEach;
  mesh.points.resize(points * 3);
  mesh.normals.resize(points * 3);
  mesh.triangles.resize(std::size_t(items) * trianglesEach * 3);
  mesh.attributes.assign(1, MeshArray<float>(points));
  mesh.pointOffsets = {0, items * pointsEach};
  mesh.triangleOffsets = {0, items * trianglesEach};
}

} // namespace cumed::piv::detail
