#pragma once
// Binary STL written in parallel: every triangle's 50 bytes (the facet normal computed from its
// vertices as vtkSTLWriter does, the three vertices as float, attribute 0) are filled by OpenMP
// threads, 16 k triangles at a time, each thread into its own reused buffer that it writes at
// the records' place in the file (one buffer for the whole file cost more in page faults than
// the filling). The 80-byte header says CuMed wrote it. vtkSTLReader reads the files back.
#include "cumed/core/Mesh.h"

#include <filesystem>

class vtkPolyData;

namespace cumed::meshio {

/// Writes the triangles of `surface` (its polygons, which must all be triangles; vertices and
/// lines are not part of STL) to `file`. Throws InvalidArgument for triangle strips, polygons of
/// more than three points, point ids out of range or more than 2^32-1 triangles, and cumed::Error
/// naming the file when it cannot be created or written (a short write, a full disk). The file is
/// written under a hidden temporary name beside it and renamed into place once complete, so it is
/// never seen half-written and an existing file (or symbolic link) is replaced only by a complete
/// one; what could not be completed is removed.
void WriteStl(vtkPolyData* surface, const std::filesystem::path& file);

/// The same for a CuMed mesh.
void WriteStl(const SurfaceMesh& mesh, const std::filesystem::path& file);

} // namespace cumed::meshio
