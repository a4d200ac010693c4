#pragma once
// CuMed's own bounded readers of .ply, .obj and .stl files (internal to CuMed::MeshIO; the rules
// are in MeshReader.h and Documentation/reliability.md, "Meshes"). Each reader takes the whole
// file in memory, so every count is checked against the bytes that are really there before
// anything is allocated for it; every refusal is an InvalidArgument that names the file, the
// element, line or field, and the offending value.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cumed::meshio::detail {

/// A mesh as a file holds it, before VTK: float points, polygons (3 or more ids each) and
/// triangle strips (3 or more ids each), as offsets into their id lists (one more offset than
/// cells, starting at 0). Every id is in [0, number of points).
struct FileMesh {
  std::vector<float> points; ///< x,y,z per point
  std::vector<std::int64_t> polygonOffsets{0};
  std::vector<std::int64_t> polygonIds;
  std::vector<std::int64_t> stripOffsets{0};
  std::vector<std::int64_t> stripIds;

  std::int64_t numberOfPoints() const { return static_cast<std::int64_t>(points.size() / 3); }
};

/// The file's bytes. Refuses (InvalidArgument naming the file) a path that does not exist or is
/// not a regular file (checked with stat before opening: FIFOs, directories and devices are
/// never opened), and a file that cannot be read whole.
std::string LoadMeshFile(const std::string& path);

/// LoadMeshFile's first check alone: the path names a regular file (stat, following links).
void CheckMeshFileIsRegular(const std::string& path);

/// The readers; `path` only names the file in messages.
FileMesh ParsePly(const std::string& path, std::string_view bytes);
FileMesh ParseObj(const std::string& path, std::string_view bytes);
FileMesh ParseStl(const std::string& path, std::string_view bytes);

/// Throws InvalidArgument("mesh file PATH: WHAT").
[[noreturn]] void Refuse(const std::string& path, const std::string& what);

/// Numbers parsed whole (no sign, space or other character left over; C locale). Return false
/// when the text is not such a number. ParseReal/ParseFloat accept what strtod/strtof accept
/// (including nan and inf: the callers check finiteness and name the value).
bool ParseInteger(std::string_view text, std::int64_t& value);
bool ParseUnsigned(std::string_view text, std::uint64_t& value);
bool ParseReal(std::string_view text, double& value);
bool ParseFloat(std::string_view text, float& value);

/// The line of `bytes` that starts at `at` (without its '\n'); `at` moves past the '\n', or to
/// the end when the last line has none.
std::string_view TakeLine(std::string_view bytes, std::size_t& at);

/// The words of a line (split at spaces, tabs, carriage returns, form feeds and vertical tabs).
std::vector<std::string_view> SplitWords(std::string_view line);

/// A text for messages: at most 40 characters of `text`, non-printable bytes as \xNN.
std::string Quote(std::string_view text);

} // namespace cumed::meshio::detail
