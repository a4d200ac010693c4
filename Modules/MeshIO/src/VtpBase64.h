#pragma once
// Strict base64 decoding for .vtp binary and appended-base64 data (internal to CuMed::MeshIO):
// whole 4-character groups of A-Z a-z 0-9 + /, '=' padding only at the end. VTK's decoder maps
// any other character to some value; refusing them keeps a damaged file from becoming numbers.
#include <cstddef>
#include <string>
#include <string_view>

namespace cumed::meshio::detail {

/// Characters that encode `bytes` bytes: 4 per started group of 3.
inline std::size_t Base64Length(std::size_t bytes) {
  return (bytes / 3 + (bytes % 3 != 0)) * 4;
}

/// The decoded bytes, or false (with `bad` the offset of the first bad character) when `text`
/// is not whole groups of base64.
bool DecodeBase64(std::string_view text, std::string& bytes, std::size_t& bad);

} // namespace cumed::meshio::detail
