#pragma once
// The bytes of one .vtp DataArray, found, sized and decoded the way its format says (ascii words,
// inline base64, appended raw or base64, each optionally in compressed blocks), with every size
// checked against what the file really holds before anything is allocated (internal to
// CuMed::MeshIO; VtpFileCheck.cxx decides what each array must hold).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cumed::meshio::detail {

enum class VtpCompressor { None, ZLib, LZ4 };

/// What the VTKFile and AppendedData elements say about every array's storage.
struct VtpStorage {
  std::size_t headerSize = 4; ///< header_type UInt32 (4) or UInt64 (8)
  bool bigEndian = false;
  VtpCompressor compressor = VtpCompressor::None;
  bool hasAppended = false;
  bool appendedBase64 = false;
  std::string_view appended; ///< the bytes after AppendedData's '_' marker
};

/// One DataArray as its attributes declare it.
struct VtpArray {
  std::string label;        ///< for messages: "DataArray 'connectivity' of Polys"
  std::string format;       ///< ascii, binary or appended (checked by the caller)
  std::string type;         ///< a known VTK type name (checked by the caller: TypeSize > 0)
  std::uint64_t values = 0; ///< tuples x components, the count the file must hold
  std::uint64_t offset = 0; ///< appended only
  std::string_view text;    ///< the element's character data (ascii and binary)
};

/// Bytes per value of a VTK XML type name (Int8 ... Float64), 0 for any other name.
std::size_t TypeSize(std::string_view type);
bool IsIntegerType(std::string_view type);

/// The array's values in native byte order (ascii words converted to the type), or refuses with
/// InvalidArgument naming the file, the array and the size or word that is wrong.
std::string ReadVtpArray(const std::string& path, const VtpStorage& storage, const VtpArray& array);

/// Value `index` of a decoded integer array as int64 (false: a UInt64 above INT64_MAX).
bool IntegerValue(std::string_view type, const std::string& data, std::uint64_t index,
                  std::int64_t& value);

} // namespace cumed::meshio::detail
