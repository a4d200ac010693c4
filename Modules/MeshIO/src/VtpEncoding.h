#pragma once
// What a .vtp file holds, as views of memory the caller keeps alive, and the writer of the file
// format (VTK XML PolyData, version 1.0, header_type UInt64, one piece, appended raw data).
#include "cumed/meshio/VtpWriter.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cumed::meshio::detail {

/// One DataArray: `bytes` of little-endian values of the XML type `type` ("Float32", "Int64"...).
struct VtpArray {
  std::string name; ///< empty: "Array N" (its position in the file)
  const char* type = "Float32";
  int components = 1;
  const void* data = nullptr;
  std::size_t bytes = 0;
};

/// One cell array in the file's layout: connectivity, and the end offset of every cell.
struct VtpCells {
  std::int64_t count = 0;
  VtpArray connectivity;
  VtpArray offsets;
};

struct VtpAttributes {
  std::vector<VtpArray> arrays;
  /// Active attributes as written on the PointData/CellData element, e.g. {"Normals", "Normals"}.
  std::vector<std::pair<std::string, std::string>> active;
};

struct VtpContent {
  std::int64_t numberOfPoints = 0;
  VtpArray points; ///< always written, also when empty
  VtpAttributes pointData, cellData;
  VtpCells verts, lines, strips, polys;
};

/// Writes `content` to `file` as `options` say (see WriteVtp).
void WriteVtpContent(const VtpContent& content, const std::filesystem::path& file,
                     const VtpOptions& options);

} // namespace cumed::meshio::detail
