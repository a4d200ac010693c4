#pragma once
// Writing the surface in the format its file name asks for: .vtp (VTK XML PolyData, binary,
// compressed, with every point array), .stl (binary; triangles only) or .ply (binary; points and
// triangles: VTK's PLY writer leaves normals out).
#include "OutputFiles.h"

class vtkPolyData;

namespace cumed::isosurfaceapp {

/// Writes `surface` to `file` (its directory must exist). Throws cumed::Error naming the file when
/// it cannot be written; a partly written file is removed.
void WriteSurfaceFile(vtkPolyData* surface, const std::filesystem::path& file,
                      SurfaceFormat format);

} // namespace cumed::isosurfaceapp
