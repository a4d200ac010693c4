// STL files, binary and ascii. Binary: an 80-byte header, a little-endian uint32 triangle count
// n and n records of 50 bytes; the file must be exactly 84 + 50 n bytes long. A file of another
// length is ascii when it starts with "solid" and holds text; else it is refused with both
// lengths. Ascii: solid / facet / outer loop / 3 x vertex / endloop / endfacet ... endsolid,
// keywords in any case, several solids, "color" lines between facets skipped. Coordinates must
// be finite floats. Points are then merged as vtkSTLReader (vtkMergePoints) merges them: equal
// coordinates (as floats; 0 and -0 are equal) become the point of their first appearance, and a
// triangle whose corners merge into fewer than three points is dropped.
#include "MeshFileFormats.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace cumed::meshio::detail {
namespace {

struct PointKey {
  std::uint32_t bits[3];
  bool operator==(const PointKey& other) const {
    return std::memcmp(bits, other.bits, sizeof(bits)) == 0;
  }
};

struct PointKeyHash {
  std::size_t operator()(const PointKey& key) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (const std::uint32_t b : key.bits) h = (h ^ b) * 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
};

/// Merges the corners of `corners.size() / 9` triangles as vtkSTLReader does.
FileMesh MergeCorners(const std::vector<float>& corners) {
  FileMesh mesh;
  const std::size_t triangles = corners.size() / 9;
  std::unordered_map<PointKey, std::int64_t, PointKeyHash> ids;
  ids.reserve(triangles * 3 / 2 + 1);
  mesh.polygonIds.reserve(triangles * 3);
  mesh.polygonOffsets.reserve(triangles + 1);
  for (std::size_t t = 0; t < triangles; ++t) {
    std::int64_t node[3];
    for (int c = 0; c < 3; ++c) {
      const float* xyz = corners.data() + 9 * t + 3 * c;
      PointKey key{};
      for (int a = 0; a < 3; ++a) {
        const float value = xyz[a] == 0.0f ? 0.0f : xyz[a]; // -0 merges with 0
        std::memcpy(&key.bits[a], &value, sizeof(float));
      }
      const auto [found, inserted] = ids.emplace(key, mesh.numberOfPoints());
      if (inserted) mesh.points.insert(mesh.points.end(), xyz, xyz + 3);
      node[c] = found->second;
    }
    if (node[0] == node[1] || node[0] == node[2] || node[1] == node[2]) continue;
    mesh.polygonIds.insert(mesh.polygonIds.end(), node, node + 3);
    mesh.polygonOffsets.push_back(static_cast<std::int64_t>(mesh.polygonIds.size()));
  }
  return mesh;
}

bool LooksLikeAsciiStl(std::string_view bytes) {
  std::size_t at = 0;
  while (at < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[at]))) ++at;
  if (bytes.size() < at + 5) return false;
  for (int i = 0; i < 5; ++i)
    if (std::tolower(static_cast<unsigned char>(bytes[at + i])) != "solid"[i]) return false;
  if (bytes.size() > at + 5 && !std::isspace(static_cast<unsigned char>(bytes[at + 5])))
    return false;
  const std::size_t probe = std::min<std::size_t>(bytes.size(), 1024);
  for (std::size_t i = 0; i < probe; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x20 && !std::isspace(c)) return false;
  }
  return true;
}

std::vector<float> ReadBinaryCorners(const std::string& path, std::string_view bytes,
                                     std::uint64_t triangles) {
  std::vector<float> corners(static_cast<std::size_t>(9 * triangles));
  for (std::uint64_t t = 0; t < triangles; ++t) {
    const char* record = bytes.data() + 84 + 50 * t;
    for (int k = 0; k < 9; ++k) {
      unsigned char raw[4];
      std::memcpy(raw, record + 12 + 4 * k, 4);
      const std::uint32_t word = std::uint32_t(raw[0]) | std::uint32_t(raw[1]) << 8 |
                                 std::uint32_t(raw[2]) << 16 | std::uint32_t(raw[3]) << 24;
      float value;
      std::memcpy(&value, &word, 4);
      if (!std::isfinite(value))
        Refuse(path, "triangle " + std::to_string(t) + ": vertex " + std::to_string(k / 3) + ": " +
                         "xyz"[k % 3] + " is " + (std::isnan(value) ? "nan" : "inf") +
                         ", not a finite number");
      corners[9 * t + k] = value;
    }
  }
  return corners;
}

class AsciiStl {
public:
  AsciiStl(const std::string& path, std::string_view bytes) : path_(path), bytes_(bytes) {}

  std::vector<float> Corners() {
    enum State { Solid, Facet, Loop, Vertex, EndLoop, EndFacet };
    State state = Solid;
    int corner = 0;
    bool anySolid = false;
    static const char* const kExpected[] = {"solid",  "facet",   "outer loop",
                                            "vertex", "endloop", "endfacet"};
    std::string keyword;
    while (NextLine()) {
      if (words_.empty()) continue;
      keyword.assign(words_[0]);
      for (char& c : keyword) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      switch (state) {
      case Solid:
        if (keyword != "solid") Expected(kExpected[state]);
        anySolid = true;
        state = Facet;
        break;
      case Facet:
        if (keyword == "color") break;
        if (keyword == "endsolid") {
          state = Solid;
          break;
        }
        if (keyword != "facet") Expected("facet' or 'endsolid");
        state = Loop;
        break;
      case Loop:
        if (keyword != "outer" || words_.size() != 2 || Lower(words_[1]) != "loop")
          Expected(kExpected[state]);
        state = Vertex;
        break;
      case Vertex:
        if (keyword != "vertex") Expected(kExpected[state]);
        ReadVertex();
        if (++corner == 3) {
          corner = 0;
          state = EndLoop;
        }
        break;
      case EndLoop:
        if (keyword != "endloop") Expected(kExpected[state]);
        state = EndFacet;
        break;
      case EndFacet:
        if (keyword != "endfacet") Expected(kExpected[state]);
        state = Facet;
        break;
      }
    }
    if (state != Solid || !anySolid)
      Refuse(path_, "the ascii STL ends (line " + std::to_string(line_) + ") where '" +
                        (state == Facet ? std::string("endsolid") : kExpected[state]) +
                        "' was expected (the file is truncated)");
    return std::move(corners_);
  }

private:
  static std::string Lower(std::string_view word) {
    std::string lower(word);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower;
  }

  bool NextLine() {
    if (at_ >= bytes_.size()) return false;
    ++line_;
    words_ = SplitWords(TakeLine(bytes_, at_));
    return true;
  }

  [[noreturn]] void Expected(const std::string& what) const {
    Refuse(path_, "line " + std::to_string(line_) + ": expected '" + what + "', found " +
                      Quote(words_[0]));
  }

  void ReadVertex() {
    const std::size_t triangle = corners_.size() / 9;
    const std::string where = "line " + std::to_string(line_) + ": triangle " +
                              std::to_string(triangle) + ": vertex " +
                              std::to_string(corners_.size() / 3 % 3);
    if (words_.size() != 4)
      Refuse(path_, where + " has " + std::to_string(words_.size() - 1) +
                        " coordinates; 'vertex' needs x y z");
    for (int a = 0; a < 3; ++a) {
      const std::string_view word = words_[1 + a];
      double value = 0;
      if (!ParseReal(word, value))
        Refuse(path_, where + ": " + "xyz"[a] + " " + Quote(word) + " is not a number");
      if (!std::isfinite(value) || !std::isfinite(static_cast<float>(value)))
        Refuse(path_, where + ": " + "xyz"[a] + " " + Quote(word) + " is not a finite float");
      corners_.push_back(static_cast<float>(value));
    }
  }

  const std::string& path_;
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::int64_t line_ = 0;
  std::vector<std::string_view> words_;
  std::vector<float> corners_;
};

} // namespace

FileMesh ParseStl(const std::string& path, std::string_view bytes) {
  if (bytes.size() >= 84) {
    const auto* count = reinterpret_cast<const unsigned char*>(bytes.data() + 80);
    const std::uint64_t triangles = std::uint64_t(count[0]) | std::uint64_t(count[1]) << 8 |
                                    std::uint64_t(count[2]) << 16 | std::uint64_t(count[3]) << 24;
    if (84 + 50 * triangles == bytes.size())
      return MergeCorners(ReadBinaryCorners(path, bytes, triangles));
    if (!LooksLikeAsciiStl(bytes))
      Refuse(path, "binary STL claims " + std::to_string(triangles) + " triangles (84 + 50 x " +
                       std::to_string(triangles) + " = " + std::to_string(84 + 50 * triangles) +
                       " bytes), but the file has " + std::to_string(bytes.size()) + " bytes");
  } else if (!LooksLikeAsciiStl(bytes)) {
    Refuse(path, "is " + std::to_string(bytes.size()) +
                     " bytes long: not an ascii STL (no 'solid' text) and shorter than a binary "
                     "STL's 84-byte header");
  }
  return MergeCorners(AsciiStl(path, bytes).Corners());
}

} // namespace cumed::meshio::detail
