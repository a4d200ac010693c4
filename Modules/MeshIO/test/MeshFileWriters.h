#pragma once
// The tests' own writers of .ply, .obj and .stl files, byte by byte, in every variation the
// readers take: PLY ascii/binary little/big endian with any scalar type for coordinates, counts
// and indices, extra properties and elements; OBJ with every reference form, negative indices,
// comments, groups and continuations; STL binary and ascii. No CuMed or VTK code is used, so the
// files are an independent input for CuMed's readers and VTK's.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace cumed::meshio::test {

enum class PlyEncoding { Ascii, BinaryLittleEndian, BinaryBigEndian };
enum class PlyType { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };

inline const char* PlyTypeName(PlyType type, bool alternative = false) {
  static const char* const names[] = {"char", "uchar", "short", "ushort",
                                      "int",  "uint",  "float", "double"};
  static const char* const alternatives[] = {"int8",  "uint8",  "int16",   "uint16",
                                             "int32", "uint32", "float32", "float64"};
  return (alternative ? alternatives : names)[static_cast<int>(type)];
}

inline int PlyTypeSize(PlyType type) {
  static const int sizes[] = {1, 1, 2, 2, 4, 4, 4, 8};
  return sizes[static_cast<int>(type)];
}

inline bool IsIntegerType(PlyType type) {
  return type != PlyType::Float32 && type != PlyType::Float64;
}

/// Appends `value` as `type` to a PLY body in the given encoding (ascii: the text and a space).
inline void PutPlyValue(std::string& out, PlyEncoding encoding, PlyType type, double value) {
  if (encoding == PlyEncoding::Ascii) {
    char text[64];
    if (IsIntegerType(type))
      std::snprintf(text, sizeof(text), "%lld ", static_cast<long long>(value));
    else if (type == PlyType::Float32)
      std::snprintf(text, sizeof(text), "%.9g ", static_cast<double>(static_cast<float>(value)));
    else
      std::snprintf(text, sizeof(text), "%.17g ", value);
    out += text;
    return;
  }
  unsigned char bytes[8];
  const int size = PlyTypeSize(type);
  switch (type) {
  case PlyType::Int8: {
    const auto v = static_cast<std::int8_t>(value);
    std::memcpy(bytes, &v, 1);
    break;
  }
  case PlyType::UInt8: {
    const auto v = static_cast<std::uint8_t>(value);
    std::memcpy(bytes, &v, 1);
    break;
  }
  case PlyType::Int16: {
    const auto v = static_cast<std::int16_t>(value);
    std::memcpy(bytes, &v, 2);
    break;
  }
  case PlyType::UInt16: {
    const auto v = static_cast<std::uint16_t>(value);
    std::memcpy(bytes, &v, 2);
    break;
  }
  case PlyType::Int32: {
    const auto v = static_cast<std::int32_t>(value);
    std::memcpy(bytes, &v, 4);
    break;
  }
  case PlyType::UInt32: {
    const auto v = static_cast<std::uint32_t>(value);
    std::memcpy(bytes, &v, 4);
    break;
  }
  case PlyType::Float32: {
    const auto v = static_cast<float>(value);
    std::memcpy(bytes, &v, 4);
    break;
  }
  case PlyType::Float64:
    std::memcpy(bytes, &value, 8);
    break;
  }
  if (encoding == PlyEncoding::BinaryBigEndian)
    for (int i = 0; i < size / 2; ++i) std::swap(bytes[i], bytes[size - 1 - i]);
  out.append(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
}

/// Ends an element's record (ascii: the line).
inline void EndPlyRecord(std::string& out, PlyEncoding encoding) {
  if (encoding != PlyEncoding::Ascii) return;
  if (!out.empty() && out.back() == ' ') out.pop_back();
  out += '\n';
}

/// A binary STL: the 80-byte header, the count, and one 50-byte record per triangle (normal 0).
inline std::string BinaryStl(const std::vector<float>& corners, std::uint32_t claimedCount,
                             const std::string& header = std::string()) {
  std::string out(80, '\0');
  out.replace(0, std::min<std::size_t>(header.size(), 80), header.substr(0, 80));
  for (int shift = 0; shift < 32; shift += 8) out.push_back(char((claimedCount >> shift) & 0xff));
  for (std::size_t t = 0; t + 9 <= corners.size(); t += 9) {
    const float normal[3] = {0, 0, 0};
    out.append(reinterpret_cast<const char*>(normal), 12);
    out.append(reinterpret_cast<const char*>(corners.data() + t), 36);
    out.append(2, '\0');
  }
  return out;
}

inline std::string BinaryStl(const std::vector<float>& corners) {
  return BinaryStl(corners, static_cast<std::uint32_t>(corners.size() / 9));
}

} // namespace cumed::meshio::test
