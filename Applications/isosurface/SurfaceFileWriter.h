#pragma once
// Writing the surface in the format its file name asks for: .vtp (VTK XML PolyData, binary
// appended, compressed as --compression says, with every point array) and .stl (binary;
// triangles only) through CuMed::MeshIO; .ply (binary; points and triangles: VTK's PLY writer
// leaves normals out) through vtkPLYWriter.
#include "OutputFiles.h"

#include "cumed/meshio/VtpWriter.h"

class vtkPolyData;

namespace cumed::isosurfaceapp {

/// Writes `surface` to `file` (its directory must exist); `compression` applies to .vtp. Throws
/// cumed::Error naming the file when it cannot be written; a partly written file is removed.
void WriteSurfaceFile(vtkPolyData* surface, const std::filesystem::path& file, SurfaceFormat format,
                      cumed::meshio::VtpCompression compression);

} // namespace cumed::isosurfaceapp
