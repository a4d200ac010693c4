// Wavefront OBJ files: "v x y z [w | r g b [a]]" points (parsed as float, as vtkOBJReader's
// stream does), "f" faces of 3 or more references "i", "i/j", "i//k" or "i/j/k" (1-based, or
// negative: relative to the elements defined so far), as polygons over the "v" points. Texture
// and normal references are checked against the "vt" and "vn" counts and otherwise ignored;
// every other statement (l, p, g, o, s, usemtl, mtllib, ...) is ignored. A line ending in a
// backslash continues on the next one; a '#' starts a comment that runs to the end of the line.
#include "MeshFileFormats.h"

#include <algorithm>
#include <cmath>

namespace cumed::meshio::detail {
namespace {

struct Counts {
  std::int64_t v = 0, vt = 0, vn = 0;
};

/// The file as logical lines (continuations joined), each with its first physical line's number.
class ObjLines {
public:
  explicit ObjLines(std::string_view bytes) : bytes_(bytes) {}

  bool Next(std::string_view& line, std::int64_t& number) {
    if (at_ >= bytes_.size()) return false;
    joined_.clear();
    number = next_;
    bool continued = false;
    for (;;) {
      std::string_view physical = TakeLine(bytes_, at_);
      ++next_;
      while (!physical.empty() &&
             (physical.back() == '\r' || physical.back() == ' ' || physical.back() == '\t'))
        physical.remove_suffix(1);
      const bool continues = !physical.empty() && physical.back() == '\\' && at_ < bytes_.size();
      if (!continues && !continued) {
        line = WithoutComment(physical);
        return true;
      }
      continued = true;
      if (continues) physical.remove_suffix(1);
      joined_.append(physical.data(), physical.size());
      joined_.push_back(' ');
      if (!continues) break;
    }
    line = WithoutComment(joined_);
    return true;
  }

private:
  /// A '#' starts a comment that runs to the end of the line.
  static std::string_view WithoutComment(std::string_view line) {
    return line.substr(0, line.find('#'));
  }

  std::string_view bytes_;
  std::size_t at_ = 0;
  std::int64_t next_ = 1;
  std::string joined_;
};

class ObjParser {
public:
  ObjParser(const std::string& path, std::string_view bytes) : path_(path), bytes_(bytes) {}

  FileMesh Parse() {
    CountElements();
    // A point's line has at least 8 bytes ("v 0 0 0\n"): never reserve more than that allows.
    mesh_.points.reserve(
        static_cast<std::size_t>(3 * std::min<std::int64_t>(totals_.v, bytes_.size() / 8 + 1)));
    ObjLines lines(bytes_);
    std::string_view line;
    while (lines.Next(line, lineNumber_)) {
      const std::vector<std::string_view> words = SplitWords(line);
      if (words.empty()) continue;
      if (words[0] == "v")
        ReadVertex(words);
      else if (words[0] == "vt")
        ReadNumbers(words, 1, 3, seen_.vt);
      else if (words[0] == "vn")
        ReadNumbers(words, 3, 3, seen_.vn);
      else if (words[0] == "f")
        ReadFace(words);
    }
    return std::move(mesh_);
  }

private:
  [[noreturn]] void Fail(const std::string& what) const {
    Refuse(path_, "line " + std::to_string(lineNumber_) + ": " + what);
  }

  void CountElements() {
    ObjLines lines(bytes_);
    std::string_view line;
    std::int64_t number = 0;
    while (lines.Next(line, number)) {
      const std::vector<std::string_view> words = SplitWords(line);
      if (words.empty()) continue;
      const std::string_view word = words[0];
      if (word == "v")
        ++totals_.v;
      else if (word == "vt")
        ++totals_.vt;
      else if (word == "vn")
        ++totals_.vn;
    }
  }

  void ReadVertex(const std::vector<std::string_view>& words) {
    const std::string name = "vertex " + std::to_string(seen_.v + 1);
    if (words.size() < 4)
      Fail(name + " has " + std::to_string(words.size() - 1) + " coordinates; 'v' needs x y z");
    if (words.size() > 8)
      Fail(name + " has " + std::to_string(words.size() - 1) +
           " numbers; 'v' takes x y z and at most w or r g b [a]");
    static const char* const kAxes[] = {"x", "y", "z"};
    float xyz[3];
    for (int a = 0; a < 3; ++a) {
      if (!ParseFloat(words[1 + a], xyz[a]))
        Fail(name + ": " + kAxes[a] + " " + Quote(words[1 + a]) + " is not a number");
      if (!std::isfinite(xyz[a]))
        Fail(name + ": " + kAxes[a] + " " + Quote(words[1 + a]) + " is not a finite float");
    }
    for (std::size_t w = 4; w < words.size(); ++w) {
      double ignored = 0;
      if (!ParseReal(words[w], ignored)) Fail(name + ": " + Quote(words[w]) + " is not a number");
    }
    mesh_.points.insert(mesh_.points.end(), xyz, xyz + 3);
    ++seen_.v;
  }

  void ReadNumbers(const std::vector<std::string_view>& words, std::size_t least, std::size_t most,
                   std::int64_t& count) {
    const std::string statement(words[0]);
    if (words.size() - 1 < least || words.size() - 1 > most)
      Fail(statement + " has " + std::to_string(words.size() - 1) + " numbers; it takes " +
           (least == most ? std::to_string(least)
                          : std::to_string(least) + " to " + std::to_string(most)));
    for (std::size_t w = 1; w < words.size(); ++w) {
      double ignored = 0;
      if (!ParseReal(words[w], ignored))
        Fail(statement + " " + std::to_string(count + 1) + ": " + Quote(words[w]) +
             " is not a number");
    }
    ++count;
  }

  /// A 1-based or negative (relative) reference to one of `total` elements (`sofar` defined
  /// before this line) as a 0-based index.
  std::int64_t Resolve(std::string_view text, const char* what, std::int64_t sofar,
                       std::int64_t total, const char* plural) const {
    std::int64_t reference = 0;
    if (!ParseInteger(text, reference))
      Fail(std::string("f: ") + what + " " + Quote(text) + " is not a whole number");
    if (reference == 0)
      Fail(std::string("f: ") + what + " 0 is not valid (OBJ indices start at 1)");
    if (reference < 0) {
      if (reference < -sofar)
        Fail(std::string("f: ") + what + " " + std::to_string(reference) + " is out of range (" +
             std::to_string(sofar) + " " + plural + " before this line)");
      return sofar + reference;
    }
    if (reference > total)
      Fail(std::string("f: ") + what + " " + std::to_string(reference) + " is out of range (" +
           std::to_string(total) + " " + plural + ")");
    return reference - 1;
  }

  void ReadFace(const std::vector<std::string_view>& words) {
    if (words.size() < 4)
      Fail("f has " + std::to_string(words.size() - 1) + " vertices; a face needs at least 3");
    int form = -1; // bit 0: a texture reference, bit 1: a normal reference
    for (std::size_t w = 1; w < words.size(); ++w) {
      const std::string_view word = words[w];
      const std::size_t slash1 = word.find('/');
      std::string_view vertex = word.substr(0, slash1), texture, normal;
      int thisForm = 0;
      if (slash1 != std::string_view::npos) {
        const std::size_t slash2 = word.find('/', slash1 + 1);
        texture = word.substr(slash1 + 1, slash2 == std::string_view::npos ? std::string_view::npos
                                                                           : slash2 - slash1 - 1);
        if (slash2 != std::string_view::npos) {
          normal = word.substr(slash2 + 1);
          if (normal.find('/') != std::string_view::npos || normal.empty())
            Fail("f: " + Quote(word) + " is not a reference (i, i/j, i//k or i/j/k)");
          thisForm |= 2;
        }
        if (!texture.empty()) thisForm |= 1;
        if (texture.empty() && slash2 == std::string_view::npos)
          Fail("f: " + Quote(word) + " is not a reference (i, i/j, i//k or i/j/k)");
      }
      if (form < 0) form = thisForm;
      if (thisForm != form)
        Fail("f: " + Quote(word) + " does not have the form of the face's first reference " +
             Quote(words[1]));
      mesh_.polygonIds.push_back(Resolve(vertex, "vertex index", seen_.v, totals_.v, "vertices"));
      if (thisForm & 1)
        Resolve(texture, "texture coordinate index", seen_.vt, totals_.vt, "texture coordinates");
      if (thisForm & 2) Resolve(normal, "normal index", seen_.vn, totals_.vn, "normals");
    }
    mesh_.polygonOffsets.push_back(static_cast<std::int64_t>(mesh_.polygonIds.size()));
  }

  const std::string& path_;
  std::string_view bytes_;
  std::int64_t lineNumber_ = 0;
  Counts totals_, seen_;
  FileMesh mesh_;
};

} // namespace

FileMesh ParseObj(const std::string& path, std::string_view bytes) {
  return ObjParser(path, bytes).Parse();
}

} // namespace cumed::meshio::detail
