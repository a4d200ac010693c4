#pragma once
// Writing a surface in the format its file name asks for: .vtp (VTK XML PolyData, binary
// appended, compressed as asked, with every point array) and .stl (binary; triangles only)
// through this module's writers; .ply (binary; points and triangles: VTK's PLY writer leaves
// normals out) through vtkPLYWriter (under the name given, also one ending in .PLY, where VTK's
// writer would add .ply).
#include "cumed/meshio/VtpWriter.h"

#include <filesystem>

class vtkPolyData;

namespace cumed::meshio {

enum class SurfaceFormat { Vtp, Stl, Ply };

/// The format `file`'s extension names, in any case: .vtp, .stl or .ply. Throws
/// cumed::InvalidArgument "unsupported file type '.ext' (use .vtp, .stl or .ply)" otherwise.
SurfaceFormat SurfaceFormatOf(const std::filesystem::path& file);

/// Writes `surface` to `file` (its directory must exist); `compression` applies to .vtp. Throws
/// cumed::Error naming the file when it cannot be written; a partly written .ply is removed.
void WriteSurfaceFile(vtkPolyData* surface, const std::filesystem::path& file, SurfaceFormat format,
                      VtpCompression compression = VtpCompression::LZ4);

/// WriteSurfaceFile in the format SurfaceFormatOf(file) names.
void WriteSurfaceFile(vtkPolyData* surface, const std::filesystem::path& file,
                      VtpCompression compression = VtpCompression::LZ4);

} // namespace cumed::meshio
