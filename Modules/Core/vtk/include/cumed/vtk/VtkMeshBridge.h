#pragma once
// CuMed's host meshes as vtkPolyData. VTK arrays cannot adopt a std::vector's memory (their free
// callbacks take no context), so the arrays are copied, in parallel: first-touching a whole mesh
// on one thread costs more than a GPU contour of it.
#include "cumed/core/Mesh.h"

#include <vtkDataArray.h>
#include <vtkSmartPointer.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

class vtkPolyData;

namespace cumed {

/// Replaces `output`'s content with the mesh: points (float), triangles, point data in the order
/// VTK's contour filters use: the attributes (float, named by `attributeNames`, one per mesh
/// attribute), then `scalars` when given (made the active scalars), then the normals when the
/// mesh has them ("Normals", active normals). Throws InvalidArgument when the names do not match
/// the attributes. A device mesh `output` carried (DeviceMeshData.h) is dropped.
void ToVtkPolyData(const SurfaceMesh& mesh, vtkPolyData* output,
                   const std::vector<std::string>& attributeNames = {},
                   vtkDataArray* scalars = nullptr);

/// The surface of a vtkPolyData as a host mesh: its points (as float) and its polygons and
/// triangle strips as triangles: a triangle as is, a polygon of n > 3 points as a fan from its
/// first point (right for convex and star-shaped polygons, as vtkTriangleFilter's fast path
/// assumes), a strip as its n - 2 triangles with the orientation of the first kept (every second
/// triangle's winding swapped back), strip triangles that repeat a point (VTK's and PLY's way of
/// joining strips) dropped. Point data is not converted. Throws InvalidArgument naming the count
/// when the data has vertex or line cells (not a surface) or a polygon of fewer than 3 points.
SurfaceMesh FromVtkPolyData(vtkPolyData* input);

/// The points of a vtkPolyData as x,y,z doubles, exact whatever the array's type (a mesh's float
/// points would round double-precision input): for measures such as ComputeMeshDistance's
/// MeshView::pointsDouble. Empty when the data has no points.
std::vector<double> PointsAsDouble(vtkPolyData* input);

/// What a vtkPolyData of a mesh needs besides the mesh's arrays.
struct MeshNaming {
  std::vector<std::string> attributeNames; ///< one per mesh attribute, in order
  /// Point scalars: none when scalarsType is 0 (VTK_VOID); else an array of that VTK type, named
  /// scalarsName (unnamed when absent), holding scalarsBlockValues[v] for every point of block v
  /// (the mesh's pointOffsets: one block per contour value), as VTK's contour filters write
  /// them. The mesh's own float scalars are not used.
  int scalarsType = 0;
  std::optional<std::string> scalarsName;
  std::vector<double> scalarsBlockValues;
};

/// ToVtkPolyData with the attribute names and the scalars `naming` gives (BlockValueScalars).
void ToVtkPolyDataNamed(const SurfaceMesh& mesh, vtkPolyData* output, const MeshNaming& naming);

/// Point scalars as VTK's contour filters write them: `values[v]` cast to the VTK type `vtkType`
/// (a type CuMed computes on, see IsCuMedScalarType) for every point of block v, the points
/// [pointOffsets[v], pointOffsets[v + 1]); named `name` unless it is null. Throws InvalidArgument
/// when there is not one value per block or the type is not one CuMed computes on.
vtkSmartPointer<vtkDataArray> BlockValueScalars(int vtkType, const char* name,
                                                const std::vector<std::int64_t>& pointOffsets,
                                                const std::vector<double>& values);

} // namespace cumed
