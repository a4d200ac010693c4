#pragma once
// What vtkPLYReader (VTK 9.1) does not do: it reads "face" elements only, so a PLY file of
// triangle strips ("tristrips", a list of point ids with -1 between strips, as Igea has) comes out
// without cells; and a header without "end_header" crashes it. Internal to CuMed::MeshIO.
#include <string>

class vtkPolyData;

namespace cumed::meshio::detail {

/// Reads the PLY header (up to "end_header"); throws InvalidArgument naming the file when it is
/// not a PLY header or ends before "end_header". Returns whether a "tristrips" element follows.
bool CheckPlyHeader(const std::string& path);

/// Reads the file's "tristrips" element (list property "vertex_indices") through VTK's PLY
/// library (vtkPLY) and sets them as `data`'s strips, split at the -1 entries.
void ReadPlyTriangleStrips(const std::string& path, vtkPolyData* data);

} // namespace cumed::meshio::detail
