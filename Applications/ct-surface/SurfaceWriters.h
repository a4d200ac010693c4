#pragma once
// Writing the surface: VTK XML PolyData (keeps the normals) and binary STL (for printing and CAD).
#include <string>

class vtkPolyData;

namespace cumed::ctsurface {

/// Writes `surface` as .vtp (binary, compressed); throws cumed::Error naming the file on failure.
void WriteVtp(vtkPolyData* surface, const std::string& path);

/// Writes `surface` as binary STL; throws cumed::Error naming the file on failure.
void WriteBinaryStl(vtkPolyData* surface, const std::string& path);

} // namespace cumed::ctsurface
