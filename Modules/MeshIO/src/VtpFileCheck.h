#pragma once
// The structural check of a .vtp file that runs before vtkXMLPolyDataReader sees it (internal to
// CuMed::MeshIO; the rules are in MeshReader.h and Documentation/reliability.md, "Meshes").
// VTK 9.1's reader trusts the sizes, offsets and block headers a file declares; this check reads
// every DataArray the way the reader will (VtpArrayData.h) and compares each declared size with
// the bytes really there, and the cell arrays with the declared cell counts.
#include <string>
#include <string_view>

namespace cumed::meshio::detail {

/// Refuses (InvalidArgument "mesh file PATH: ...", naming the element, attribute or array and
/// the value) any file vtkXMLPolyDataReader should not be given; returns when it may read it.
void CheckVtpFile(const std::string& path, std::string_view bytes);

} // namespace cumed::meshio::detail
