#pragma once
// CuMed's host meshes as vtkPolyData. VTK arrays cannot adopt a std::vector's memory (their free
// callbacks take no context), so the arrays are copied, in parallel: first-touching a whole mesh
// on one thread costs more than a GPU contour of it.
#include "cumed/core/Mesh.h"

#include <string>
#include <vector>

class vtkDataArray;
class vtkPolyData;

namespace cumed {

/// Replaces `output`'s content with the mesh: points (float), triangles, point data in the order
/// VTK's contour filters use: the attributes (float, named by `attributeNames`, one per mesh
/// attribute), then `scalars` when given (made the active scalars), then the normals when the
/// mesh has them ("Normals", active normals). Throws InvalidArgument when the names do not match
/// the attributes.
void ToVtkPolyData(const SurfaceMesh& mesh, vtkPolyData* output,
                   const std::vector<std::string>& attributeNames = {},
                   vtkDataArray* scalars = nullptr);

} // namespace cumed
