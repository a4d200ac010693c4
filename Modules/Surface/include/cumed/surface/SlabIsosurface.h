#pragma once
// One z-slab's piece of the welded isosurface of a volume that the caller holds only in part:
// the slab's planes and the few planes around it. Distributed isosurfaces are built on it: every
// slab extracts its piece, the pieces are renumbered by the points of the slabs before them
// (NumberSlabPiece), and their union is exactly ExtractIsosurface's mesh of the whole volume
// (same points in the same id order, same triangles).
//
// Ownership follows the slab passes of ExtractIsosurface (see src/ContourGrid.h): slab
// [zBegin, zEnd) owns the points on grid edges that start in its planes and the triangles of
// the cells whose lowest corner lies in them. Its top cells use the first points of the plane
// above, which the next slab owns: piece triangles name them by ids past the piece's own points.
#include "cumed/surface/Isosurface.h"

#include <cstdint>
#include <vector>

namespace cumed::surface {

/// Planes outside its own that a slab's piece reads: two above (its top cells use points of the
/// plane above, whose ids in vtkFlyingEdges3D's order count that plane's z-edges, which reach
/// the plane after it; with computeNormals the gradients read those planes too) and, with
/// computeNormals, one below (central differences at the slab's first plane). Clipped to the
/// volume by callers.
struct SlabHalo {
  std::int64_t below = 0;
  std::int64_t above = 2;
};
SlabHalo SlabHaloOf(const IsosurfaceOptions& options);

/// Where a slab lies: `planes` (the image passed with it) holds planes [firstPlane, firstPlane +
/// planes' z size) of a volume whose geometry is `whole`; the slab owns planes [zBegin, zEnd).
struct VolumeSlab {
  ImageGeometry whole;
  std::int64_t firstPlane = 0;
  std::int64_t zBegin = 0;
  std::int64_t zEnd = 0;
};

/// The slab's piece, value by value as ExtractIsosurface lays them out: mesh.pointOffsets and
/// mesh.triangleOffsets give the piece's own counts per value. A triangle of value v names its
/// points by mesh.pointOffsets[v] + n, where n numbers the slab's points of v in the whole
/// mesh's order, continuing into the next slab's first points (n >= the piece's points of v).
/// Point coordinates, normals and attributes are those of the whole volume (world geometry of
/// `whole`). Runs on options.backend as ExtractIsosurface does (Auto: CUDA where a device is
/// usable), from host or device planes (CUDA; the CPU needs host planes), on numberOfDevices
/// devices and numberOfSlabs sub-slabs, keepOnDevice included: the CUDA piece is the CPU piece
/// bit for bit. An empty slab gives an empty piece. Throws InvalidArgument naming the planes
/// missing, a slab outside the volume, or a plane size other than the volume's; CudaError when
/// CUDA is requested and not usable.
IsosurfaceResult ExtractIsosurfaceSlab(const Image& planes, const VolumeSlab& slab,
                                       const IsosurfaceOptions& options,
                                       const std::vector<const Image*>& attributes = {});
template <class T>
IsosurfaceResult ExtractIsosurfaceSlab(const ImageView<const T>& planes, const VolumeSlab& slab,
                                       const IsosurfaceOptions& options,
                                       const std::vector<ImageView<const float>>& attributes = {});

/// Turns a piece's ids into the whole mesh's: value v's triangles are shifted so that the
/// piece's first point of v gets id firstPointIds[v] (its offset among the slabs of v plus the
/// points of every value before v). Throws InvalidArgument for a vector of another length.
void NumberSlabPiece(SurfaceMesh& piece, const std::vector<std::int64_t>& firstPointIds);

} // namespace cumed::surface
