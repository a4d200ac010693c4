#pragma once
// VTK XML PolyData (.vtp) written fast: binary appended data (header_type UInt64), each array
// either raw (one write each) or split into blocks compressed in parallel (LZ4 by default, or
// zlib) with VTK's own compressors, a batch at a time, the XML header and the block sizes written
// in place at the end (so a compressed file must be seekable, as for VTK's writer).
// vtkXMLPolyDataReader reads the files back unchanged: points, the four cell arrays, point and
// cell data (names, components, active attributes).
#include "cumed/core/Mesh.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class vtkPolyData;

namespace cumed::meshio {

enum class VtpCompression {
  None, ///< raw bytes: the largest file, no compression time
  LZ4,  ///< vtkLZ4DataCompressor: fast, about half the size of raw on surfaces (the default)
  ZLib  ///< vtkZLibDataCompressor: smaller, several times slower than LZ4
};

/// "none", "lz4" or "zlib".
const char* ToString(VtpCompression compression);
/// The compression named "none", "lz4" or "zlib"; nothing for any other text.
std::optional<VtpCompression> ParseVtpCompression(std::string_view text);

struct VtpOptions {
  VtpCompression compression = VtpCompression::LZ4;
  /// 1 (fastest) .. 9 (smallest), VTK's scale (vtkDataCompressor::SetCompressionLevel); 0: the
  /// fast end (LZ4 at its default acceleration, zlib level 1).
  int level = 0;
  /// Uncompressed bytes per compressed block (the unit of parallel work; VTK's default is 32 KiB).
  std::size_t blockBytes = std::size_t{1} << 18;
};

/// Writes `surface` to `file`: its points, verts, lines, strips, polys and numeric point and
/// cell data (an unnamed array is named "Array N", as VTK's writer names it). Throws
/// InvalidArgument for a non-numeric array (e.g. vtkStringArray) or field data, and cumed::Error
/// naming the file when it cannot be created or written (a short write, a full disk). The file is
/// written under a hidden temporary name beside it and renamed into place once complete, so it is
/// never seen half-written and an existing file (or symbolic link) is replaced only by a complete
/// one; what could not be completed is removed.
void WriteVtp(vtkPolyData* surface, const std::filesystem::path& file,
              const VtpOptions& options = {});
inline void WriteVtp(vtkPolyData* surface, const std::filesystem::path& file,
                     VtpCompression compression) {
  WriteVtp(surface, file, VtpOptions{compression});
}

/// Writes a CuMed mesh directly (no vtkPolyData in between), with the point data in the order and
/// names cumed::ToVtkPolyData gives it: the attributes (named by `attributeNames`, one per mesh
/// attribute), "Scalars" (the active scalars) when the mesh has scalars, "Normals" (the active
/// normals) when it has normals. Throws as above, and InvalidArgument when the names do not match
/// the attributes.
void WriteVtp(const SurfaceMesh& mesh, const std::filesystem::path& file,
              const VtpOptions& options = {}, const std::vector<std::string>& attributeNames = {});
inline void WriteVtp(const SurfaceMesh& mesh, const std::filesystem::path& file,
                     VtpCompression compression) {
  WriteVtp(mesh, file, VtpOptions{compression});
}

} // namespace cumed::meshio
