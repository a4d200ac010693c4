#pragma once
// Surface meshes from files. .ply, .obj and .stl are read by CuMed's own bounded readers
// (Modules/MeshIO/src: PlyReader, ObjReader, StlReader), .vtp by vtkXMLPolyDataReader; then the
// VTK bridge (cumed::FromVtkPolyData) makes triangles: polygons become fans from their first
// point, strips their triangles. On valid files the points and triangles are VTK 9.1's
// (vtkPLYReader, vtkOBJReader, vtkSTLReader), bit for bit and in the same order (tested against
// them: MeshFileRandom.* in cumed_mesh_io_test), except where noted below.
//
// What is read:
//   .ply  ascii, binary_little_endian, binary_big_endian. The vertex element's x, y, z of any PLY
//         scalar type (char/int8 ... double/float64) as float, through double as VTK converts
//         them; the face element's list vertex_indices (or vertex_index) of any integer count and
//         index type, as polygons of 3 or more points; the tristrips element's list
//         vertex_indices as triangle strips split at -1 (runs of fewer than 3 points dropped).
//         Other elements and properties (lists too) are skipped by their size.
//   .obj  "v x y z [w | r g b [a]]" (coordinates parsed as float, as VTK's stream does) and "f"
//         with references i, i/j, i//k or i/j/k, 1-based or negative (relative to the elements
//         defined before the line), 3 or more per face, one form per face; a trailing backslash
//         continues a line, a '#' starts a comment. Texture and normal references are range-checked
//         and not used; every other statement (vt/vn values, l, p, g, o, s, usemtl, mtllib, ...) is
//         ignored.
//   .stl  binary (exactly 84 + 50 x count bytes) or ascii (solid/facet/outer loop/vertex/endloop/
//         endfacet/endsolid, keywords in any case, several solids). Points are merged as
//         vtkSTLReader merges them: equal float coordinates (0 == -0) become the point of their
//         first appearance, and triangles that merge to fewer than 3 points are dropped.
//   .vtp  vtkXMLPolyDataReader; its points must then be finite floats and its cells' point ids
//         in range.
//
// What is refused, before anything is allocated for it, with an InvalidArgument whose message
// names the file, the element, line or field, and the value ("mesh file a.ply: face 12: vertex
// index 4294967299 is out of range (1000 vertices)"): a path that is not a regular file (checked
// with stat before opening: FIFOs, directories, devices), an extension other than the four (any
// case), counts the file's bytes or lines cannot hold (PLY element and list counts, the binary
// STL count against the file length), truncated data or data left after the last element, an
// index outside the points (parsed as 64-bit: no wrap-around; OBJ 0 or before the first), a
// face of fewer than 3 points, a number that does not parse whole ("abc", "1.5" where a PLY
// integer is declared, a value outside its PLY type), NaN, inf or a coordinate outside the float
// range, a PLY header without format, end_header, vertex element or x/y/z, unknown keywords or
// types, elements or properties declared twice, ascii PLY records with missing or extra words,
// OBJ faces mixing reference forms, malformed ascii STL structure. ReadSurfaceMesh also refuses
// a file without triangles and .vtp vertex or line cells. Rules and tests:
// Documentation/reliability.md, "Meshes".
//
// Where the result differs from VTK 9.1 on a file both read (documented, not tested as equal):
//   - OBJ: vtkOBJReader duplicates the points per face corner when a face's texture or normal
//     reference differs from its vertex reference (and then drops faces without normals); CuMed
//     keeps the file's points and the faces' vertex references (the same triangle corners, fewer
//     points). VTK makes vertex and line cells of "p" and "l" (which ReadSurfaceMesh refused);
//     CuMed ignores them.
//   - PLY: vtkPLYReader duplicates points for per-face "texcoord" lists; CuMed ignores them. VTK
//     read the vertex and face data as if no other element came before them; CuMed skips such
//     elements. VTK ignored extra words on an ascii record and data after the last element;
//     CuMed refuses them.
//   - ReadPolyData's output holds points (float), polygons and strips only: no point or cell data
//     (VTK's readers added normals, colours, texture coordinates, group and material ids).
#include "cumed/core/Mesh.h"

#include <string>

class vtkPolyData;

namespace cumed::meshio {

/// The file as a triangle mesh. Throws InvalidArgument naming the file for every refusal above,
/// when VTK's XML reader fails (with VTK's message), when it holds no triangles, or when a .vtp
/// has vertex or line cells.
SurfaceMesh ReadSurfaceMesh(const std::string& path);

/// The file before triangulation: float points, polygons and (PLY) strips, or the .vtp as VTK
/// reads it, with the same refusals (a file without triangles is not refused here).
void ReadPolyData(const std::string& path, vtkPolyData* output);

} // namespace cumed::meshio
