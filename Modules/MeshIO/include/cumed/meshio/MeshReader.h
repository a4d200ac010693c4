#pragma once
// Surface meshes from files, through VTK's readers and the VTK bridge (cumed::FromVtkPolyData):
// .ply (vtkPLYReader: faces and triangle strips), .obj (vtkOBJReader), .stl (vtkSTLReader),
// .vtp (vtkXMLPolyDataReader). Polygons become triangle fans and strips their triangles (see
// FromVtkPolyData); normals, colours and texture coordinates in the file are not read.
#include "cumed/core/Mesh.h"

#include <string>

class vtkPolyData;

namespace cumed::meshio {

/// The file as a triangle mesh. Throws InvalidArgument naming the file when it does not exist,
/// its extension is none of the above (any case), the reader fails (with VTK's message), it
/// holds no triangles, or it has vertex or line cells.
SurfaceMesh ReadSurfaceMesh(const std::string& path);

/// The reader's output as VTK gives it (before triangulation), with the same errors.
void ReadPolyData(const std::string& path, vtkPolyData* output);

} // namespace cumed::meshio
