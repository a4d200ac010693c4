#pragma once
// Surface meshes from files. .ply, .obj and .stl are read by CuMed's own bounded readers
// (Modules/MeshIO/src: PlyReader, ObjReader, StlReader), .vtp by vtkXMLPolyDataReader after
// CuMed's bounded structural check of the file (VtpFileCheck, below); then the
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
//   .vtp  checked first (VtpFileCheck.cxx, the XML part parsed by libexpat: depth, element count,
//         attribute lengths bounded, no DOCTYPE or entities): root VTKFile type="PolyData", a
//         version 0.x-2.x, byte_order LittleEndian/BigEndian, header_type UInt32 (default) or
//         UInt64, compressor none, vtkZLibDataCompressor or vtkLZ4DataCompressor (LZMA refused);
//         one PolyData of Pieces whose NumberOfPoints/Verts/Lines/Strips/Polys are non-negative
//         integers; every DataArray of a known type (Int8 ... UInt64, Float32, Float64),
//         NumberOfComponents 1..256 (Points: 3; offsets and connectivity: 1, integer), format
//         ascii (exactly the declared number of words, each a finite number of the type),
//         binary (strict base64; size header or compression header against the declared size
//         and the characters present) or appended (the offset inside AppendedData after '_',
//         raw or base64, the same headers). Compressed blocks: count, block size, last block
//         size and compressed sizes agree with each other, the declared size and the bytes
//         present, and each block decompresses (zlib, LZ4 safe decoding, output bounded) to
//         exactly its size. Offsets of each cell kind are non-decreasing and the last one is
//         the connectivity's length. Then vtkXMLPolyDataReader reads the same bytes (the file
//         is read once); its points must be finite floats and its cells' point ids in range.
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
// OBJ faces mixing reference forms, malformed ascii STL structure, a .vtp breaking any rule
// above ("mesh file a.vtp: DataArray 'Points' of Points of Piece 0: needs 48 bytes, the file
// holds 21"). ReadSurfaceMesh also refuses
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

/// A .vtp file as vtkXMLPolyDataReader reads it (all its point and cell data), after the
/// structural check above (VtpFileCheck) and nothing more: its points may be NaN and its cells'
/// point ids out of range, for a caller that judges those itself (cumed-compare names a NaN
/// point; FromVtkPolyData refuses bad ids). The path need not end in .vtp.
void ReadCheckedVtp(const std::string& path, vtkPolyData* output);

} // namespace cumed::meshio
