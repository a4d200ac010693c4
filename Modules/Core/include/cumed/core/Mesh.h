#pragma once
// Triangle meshes in host or device memory: indexed triangles over shared (welded) points, in
// world coordinates, laid out the way vtkPolyData stores them (xyz floats, 64-bit point ids).
// Isosurfaces produce them; mesh deformation, rendering and the VTK bridge consume them.
#include "cumed/core/DeviceBuffer.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace cumed {

/// std::allocator whose resize() leaves new elements uninitialised: the passes write every
/// element of a mesh, in parallel, so zero-filling it first would be a serial pass over the
/// whole mesh (and its page faults) before the parallel one.
template <class T> struct UninitializedAllocator : std::allocator<T> {
  template <class U> struct rebind { using other = UninitializedAllocator<U>; };
  UninitializedAllocator() = default;
  template <class U> UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <class U> void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args> void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

/// A mesh array: a std::vector that does not zero-fill on resize.
template <class T> using MeshArray = std::vector<T, UninitializedAllocator<T>>;

/// A mesh in host memory.
struct SurfaceMesh {
  MeshArray<float> points;                  ///< x,y,z per point (world coordinates)
  MeshArray<std::int64_t> triangles;        ///< three point ids per triangle
  MeshArray<float> normals;                 ///< unit x,y,z per point, when normals were requested
  MeshArray<float> scalars;                 ///< the contour value per point, when requested
  std::vector<MeshArray<float>> attributes; ///< one array per attribute volume, per point
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
  int device = 0; ///< the CUDA device that holds the buffers
  std::int64_t numberOfPoints = 0;
  std::int64_t numberOfTriangles = 0;
  DeviceBuffer points;    ///< float[3 * numberOfPoints]
  DeviceBuffer triangles; ///< int64[3 * numberOfTriangles]
  DeviceBuffer normals;   ///< float[3 * numberOfPoints] or empty
  DeviceBuffer scalars;   ///< float[numberOfPoints] or empty
  std::vector<DeviceBuffer> attributes;
  std::vector<std::int64_t> pointOffsets;
  std::vector<std::int64_t> triangleOffsets;

  /// A host copy (counted device->host transfers).
  SurfaceMesh toHost() const;
};

} // namespace cumed
