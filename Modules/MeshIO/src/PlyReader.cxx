// PLY files (ascii, binary_little_endian, binary_big_endian): the vertex element's x, y, z of any
// PLY scalar type as float (as vtkPLYReader converts them: through double), the face element's
// vertex_indices (or vertex_index) lists of any count and index type as polygons, the tristrips
// element's lists as triangle strips split at -1; every other element and property is skipped
// by its size. Every count is checked against the bytes (binary) or lines (ascii) that are
// really left before anything is reserved for it.
#include "MeshFileFormats.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

namespace cumed::meshio::detail {
namespace {

enum class PlyType { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };

struct TypeInfo {
  const char* name;
  PlyType type;
};

constexpr TypeInfo kTypeNames[] = {
    {"char", PlyType::Int8},      {"int8", PlyType::Int8},       {"uchar", PlyType::UInt8},
    {"uint8", PlyType::UInt8},    {"short", PlyType::Int16},     {"int16", PlyType::Int16},
    {"ushort", PlyType::UInt16},  {"uint16", PlyType::UInt16},   {"int", PlyType::Int32},
    {"int32", PlyType::Int32},    {"uint", PlyType::UInt32},     {"uint32", PlyType::UInt32},
    {"float", PlyType::Float32},  {"float32", PlyType::Float32}, {"double", PlyType::Float64},
    {"float64", PlyType::Float64}};

std::size_t SizeOf(PlyType type) {
  switch (type) {
  case PlyType::Int8:
  case PlyType::UInt8:
    return 1;
  case PlyType::Int16:
  case PlyType::UInt16:
    return 2;
  case PlyType::Int32:
  case PlyType::UInt32:
  case PlyType::Float32:
    return 4;
  case PlyType::Float64:
    return 8;
  }
  return 0;
}

const char* NameOf(PlyType type) {
  for (const TypeInfo& info : kTypeNames)
    if (info.type == type) return info.name;
  return "?";
}

bool IsInteger(PlyType type) {
  return type != PlyType::Float32 && type != PlyType::Float64;
}

std::int64_t MinimumOf(PlyType type) {
  switch (type) {
  case PlyType::Int8:
    return -128;
  case PlyType::Int16:
    return -32768;
  case PlyType::Int32:
    return std::numeric_limits<std::int32_t>::min();
  default:
    return 0;
  }
}

std::int64_t MaximumOf(PlyType type) {
  switch (type) {
  case PlyType::Int8:
    return 127;
  case PlyType::UInt8:
    return 255;
  case PlyType::Int16:
    return 32767;
  case PlyType::UInt16:
    return 65535;
  case PlyType::Int32:
    return std::numeric_limits<std::int32_t>::max();
  default:
    return std::numeric_limits<std::uint32_t>::max();
  }
}

struct Property {
  std::string name;
  bool list = false;
  PlyType countType = PlyType::UInt8;
  PlyType type = PlyType::Float32;
};

struct Element {
  std::string name;
  std::int64_t count = 0;
  std::vector<Property> properties;
  std::int64_t headerLine = 0;
};

enum class Format { Ascii, BinaryLittleEndian, BinaryBigEndian };

/// A value as read: integers exactly, floating-point values as double.
struct Value {
  bool integer = true;
  std::int64_t whole = 0;
  double real = 0;
  double asDouble() const { return integer ? static_cast<double>(whole) : real; }
  std::string text() const {
    if (integer) return std::to_string(whole);
    std::ostringstream out;
    out.precision(9);
    out << real;
    return out.str();
  }
};

/// What the reader does with a property: keep it as a coordinate, as the indices of a face or a
/// strip, or skip it.
enum class Role { Skip, X, Y, Z, FaceIndices, StripIndices };

class PlyParser {
public:
  PlyParser(const std::string& path, std::string_view bytes) : path_(path), bytes_(bytes) {}

  FileMesh Parse() {
    ReadHeader();
    FindRoles();
    for (const Element& element : elements_) ReadElement(element);
    if (format_ == Format::Ascii) {
      for (; at_ < bytes_.size() && std::isspace(static_cast<unsigned char>(bytes_[at_])); ++at_)
        if (bytes_[at_] == '\n') ++line_;
      if (at_ < bytes_.size())
        Fail("line " + std::to_string(line_ + 1) + ": " + Quote(CurrentLine()) +
             " follows the last element (the header's element counts do not describe the data)");
    } else if (at_ < bytes_.size()) {
      Fail(std::to_string(bytes_.size() - at_) + " bytes follow the last element " +
           elements_.back().name +
           " (the header's element counts or types do not describe the data)");
    }
    return std::move(mesh_);
  }

private:
  [[noreturn]] void Fail(const std::string& what) const { Refuse(path_, what); }

  // --- header ---------------------------------------------------------------------------------

  std::string_view NextHeaderLine() {
    const std::size_t end = bytes_.find('\n', at_);
    if (end == std::string_view::npos)
      Fail("the PLY header has no end_header line (" + std::to_string(line_) + " lines read)");
    std::string_view line = bytes_.substr(at_, end - at_);
    at_ = end + 1;
    ++line_;
    return line;
  }

  PlyType TypeNamed(std::string_view name) const {
    for (const TypeInfo& info : kTypeNames)
      if (name == info.name) return info.type;
    Fail("header line " + std::to_string(line_) + ": " + Quote(name) + " is not a PLY type");
  }

  void ReadHeader() {
    if (bytes_.substr(0, 3) != "ply") Fail("not a PLY file (first line is not 'ply')");
    {
      const std::vector<std::string_view> words = SplitWords(NextHeaderLine());
      if (words.size() != 1 || words[0] != "ply") Fail("not a PLY file (first line is not 'ply')");
    }
    bool formatSeen = false;
    for (;;) {
      const std::vector<std::string_view> words = SplitWords(NextHeaderLine());
      const std::string where = "header line " + std::to_string(line_) + ": ";
      if (words.empty()) continue;
      const std::string_view keyword = words[0];
      if (keyword == "end_header") {
        if (words.size() != 1) Fail(where + "end_header is followed by " + Quote(words[1]));
        break;
      }
      if (keyword == "comment" || keyword == "obj_info") continue;
      if (keyword == "format") {
        if (formatSeen) Fail(where + "a second format line");
        formatSeen = true;
        double version = 0;
        if (words.size() != 3 || !ParseReal(words[2], version))
          Fail(where + "expected 'format ascii|binary_little_endian|binary_big_endian 1.0'");
        if (words[1] == "ascii")
          format_ = Format::Ascii;
        else if (words[1] == "binary_little_endian")
          format_ = Format::BinaryLittleEndian;
        else if (words[1] == "binary_big_endian")
          format_ = Format::BinaryBigEndian;
        else
          Fail(where + "format " + Quote(words[1]) +
               " is none of ascii, binary_little_endian, binary_big_endian");
      } else if (keyword == "element") {
        std::uint64_t count = 0;
        if (words.size() != 3) Fail(where + "expected 'element NAME COUNT'");
        if (!ParseUnsigned(words[2], count) ||
            count > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
          Fail(where + "element " + std::string(words[1]) + " count " + Quote(words[2]) +
               " is not a whole number >= 0");
        for (const Element& other : elements_)
          if (other.name == words[1])
            Fail(where + "element " + std::string(words[1]) + " is declared twice");
        Element element;
        element.name = std::string(words[1]);
        element.count = static_cast<std::int64_t>(count);
        element.headerLine = line_;
        elements_.push_back(std::move(element));
      } else if (keyword == "property") {
        if (elements_.empty()) Fail(where + "a property before any element");
        Property property;
        if (words.size() == 5 && words[1] == "list") {
          property.list = true;
          property.countType = TypeNamed(words[2]);
          property.type = TypeNamed(words[3]);
          property.name = std::string(words[4]);
          if (!IsInteger(property.countType))
            Fail(where + "list " + property.name + " has count type " + NameOf(property.countType) +
                 "; list counts must be integers");
        } else if (words.size() == 3 && words[1] != "list") {
          property.type = TypeNamed(words[1]);
          property.name = std::string(words[2]);
        } else {
          Fail(where + "expected 'property TYPE NAME' or 'property list COUNT_TYPE TYPE NAME'");
        }
        // vtkPLY reads vertex_index as vertex_indices: both name the list.
        if (property.name == "vertex_index") property.name = "vertex_indices";
        Element& element = elements_.back();
        for (const Property& other : element.properties)
          if (other.name == property.name)
            Fail(where + "property " + property.name + " of element " + element.name +
                 " is declared twice");
        element.properties.push_back(std::move(property));
      } else {
        Fail(where + "unknown keyword " + Quote(keyword));
      }
    }
    if (!formatSeen) Fail("the PLY header has no format line");
    if (elements_.empty()) Fail("the PLY header declares no element");
  }

  const Element* Find(const std::string& name) const {
    for (const Element& element : elements_)
      if (element.name == name) return &element;
    return nullptr;
  }

  void FindRoles() {
    const Element* vertex = Find("vertex");
    if (!vertex) Fail("the PLY header has no vertex element");
    vertices_ = vertex->count;
    for (const char* axis : {"x", "y", "z"}) {
      const auto found = std::find_if(vertex->properties.begin(), vertex->properties.end(),
                                      [&](const Property& p) { return p.name == axis; });
      if (found == vertex->properties.end())
        Fail(std::string("the vertex element has no property ") + axis);
      if (found->list) Fail(std::string("property ") + axis + " of the vertex element is a list");
    }
    for (const char* name : {"face", "tristrips"}) {
      const Element* element = Find(name);
      if (!element) continue;
      const auto found = std::find_if(element->properties.begin(), element->properties.end(),
                                      [](const Property& p) { return p.name == "vertex_indices"; });
      if (found == element->properties.end() || !found->list)
        Fail(std::string("the ") + name + " element has no list property vertex_indices");
      if (!IsInteger(found->type))
        Fail(std::string("vertex_indices of the ") + name + " element has type " +
             NameOf(found->type) + "; vertex indices must be integers");
    }
  }

  static Role RoleOf(const Element& element, const Property& property) {
    if (element.name == "vertex") {
      if (property.name == "x") return Role::X;
      if (property.name == "y") return Role::Y;
      if (property.name == "z") return Role::Z;
    } else if (property.name == "vertex_indices") {
      if (element.name == "face") return Role::FaceIndices;
      if (element.name == "tristrips") return Role::StripIndices;
    }
    return Role::Skip;
  }

  // --- data -----------------------------------------------------------------------------------

  std::string ItemName(const Element& element, std::int64_t index) const {
    if (element.name == "vertex" || element.name == "face" || element.name == "tristrips")
      return element.name + " " + std::to_string(index);
    return "element " + element.name + " " + std::to_string(index);
  }

  std::string_view CurrentLine() const {
    const std::size_t end = bytes_.find('\n', at_);
    return bytes_.substr(at_, end == std::string_view::npos ? std::string_view::npos : end - at_);
  }

  void ReadElement(const Element& element) {
    if (element.count == 0) return;
    if (element.properties.empty())
      Fail("element " + element.name + " declares " + std::to_string(element.count) +
           " elements but no property");
    if (format_ == Format::Ascii) {
      const std::string_view rest = bytes_.substr(at_);
      std::uint64_t lines = static_cast<std::uint64_t>(std::count(rest.begin(), rest.end(), '\n'));
      if (!rest.empty() && rest.back() != '\n') ++lines;
      if (std::uint64_t(element.count) > lines)
        Fail("element " + element.name + " (header line " + std::to_string(element.headerLine) +
             ") claims " + std::to_string(element.count) + " elements, but only " +
             std::to_string(lines) + " lines of data remain");
      // A record is a line of at least one word per property, each with a space or newline.
      const std::uint64_t least = 2 * element.properties.size();
      if (std::uint64_t(element.count) > (rest.size() + 1) / least)
        Fail("element " + element.name + " (header line " + std::to_string(element.headerLine) +
             ") claims " + std::to_string(element.count) + " elements of at least " +
             std::to_string(least) + " characters each, but only " + std::to_string(rest.size()) +
             " bytes of data remain");
    } else {
      std::uint64_t minimum = 0; // bytes of one element with every list empty
      for (const Property& property : element.properties)
        minimum += SizeOf(property.list ? property.countType : property.type);
      const std::uint64_t left = bytes_.size() - at_;
      if (std::uint64_t(element.count) > left / minimum)
        Fail("element " + element.name + " (header line " + std::to_string(element.headerLine) +
             ") claims " + std::to_string(element.count) + " elements of at least " +
             std::to_string(minimum) + " bytes each, but only " + std::to_string(left) +
             " bytes of data remain");
    }
    const bool isVertex = element.name == "vertex";
    if (isVertex) mesh_.points.reserve(static_cast<std::size_t>(3 * element.count));
    if (element.name == "face")
      mesh_.polygonOffsets.reserve(static_cast<std::size_t>(element.count + 1));
    for (std::int64_t index = 0; index < element.count; ++index) {
      if (format_ == Format::Ascii) {
        ++line_;
        words_ = SplitWords(TakeLine(bytes_, at_));
        word_ = 0;
      }
      float xyz[3] = {0, 0, 0};
      for (const Property& property : element.properties) {
        const Role role = RoleOf(element, property);
        if (property.list) {
          ReadList(element, index, property, role);
        } else {
          const Value value = ReadScalar(element, index, property.name, property.type);
          if (role == Role::X || role == Role::Y || role == Role::Z)
            xyz[int(role) - int(Role::X)] = Coordinate(element, index, property, value);
        }
      }
      if (format_ == Format::Ascii && word_ != words_.size())
        Fail("line " + std::to_string(line_) + ": " + ItemName(element, index) + " has " +
             std::to_string(words_.size() - word_) + " more words than its properties (" +
             Quote(words_[word_]) + ")");
      if (isVertex) mesh_.points.insert(mesh_.points.end(), xyz, xyz + 3);
    }
  }

  float Coordinate(const Element& element, std::int64_t index, const Property& property,
                   const Value& value) const {
    const double real = value.asDouble();
    if (!std::isfinite(real))
      Fail(ItemName(element, index) + ": " + property.name + " is " + value.text() +
           ", not a finite number");
    const float single = static_cast<float>(real);
    if (!std::isfinite(single))
      Fail(ItemName(element, index) + ": " + property.name + " " + value.text() +
           " is outside the float range");
    return single;
  }

  std::string Where(const Element& element, std::int64_t index) const {
    if (format_ == Format::Ascii)
      return "line " + std::to_string(line_) + ": " + ItemName(element, index);
    return ItemName(element, index) + " (byte " + std::to_string(at_) + ")";
  }

  /// A value of `type`; for ascii integers also checked against the type's range unless
  /// `indices` (the caller names the vertex count first, then the type).
  Value ReadScalar(const Element& element, std::int64_t index, const std::string& name,
                   PlyType type, bool indices = false) {
    Value value;
    value.integer = IsInteger(type);
    if (format_ == Format::Ascii) {
      if (word_ >= words_.size())
        Fail("line " + std::to_string(line_) + ": " + ItemName(element, index) +
             " ends before its property " + name);
      const std::string_view word = words_[word_++];
      if (value.integer) {
        if (!ParseInteger(word, value.whole))
          Fail("line " + std::to_string(line_) + ": " + ItemName(element, index) + ": " + name +
               " " + Quote(word) + " is not a whole number (type " + NameOf(type) + ")");
        // Range against the type: checked by the caller for indices (to name the vertex count
        // first), here for everything else.
        if (!indices && (value.whole < MinimumOf(type) || value.whole > MaximumOf(type)))
          Fail("line " + std::to_string(line_) + ": " + ItemName(element, index) + ": " + name +
               " " + std::string(word) + " does not fit its type " + NameOf(type));
      } else if (!ParseReal(word, value.real)) {
        Fail("line " + std::to_string(line_) + ": " + ItemName(element, index) + ": " + name + " " +
             Quote(word) + " is not a number");
      }
      return value;
    }
    const std::size_t size = SizeOf(type);
    if (bytes_.size() - at_ < size)
      Fail(ItemName(element, index) + ": the data end at byte " + std::to_string(bytes_.size()) +
           " within property " + name + " (the file is truncated)");
    unsigned char raw[8];
    std::memcpy(raw, bytes_.data() + at_, size);
    at_ += size;
    if (format_ == Format::BinaryBigEndian) std::reverse(raw, raw + size);
    switch (type) {
    case PlyType::Int8:
      value.whole = static_cast<std::int8_t>(raw[0]);
      break;
    case PlyType::UInt8:
      value.whole = raw[0];
      break;
    case PlyType::Int16: {
      std::int16_t v;
      std::memcpy(&v, raw, 2);
      value.whole = v;
      break;
    }
    case PlyType::UInt16: {
      std::uint16_t v;
      std::memcpy(&v, raw, 2);
      value.whole = v;
      break;
    }
    case PlyType::Int32: {
      std::int32_t v;
      std::memcpy(&v, raw, 4);
      value.whole = v;
      break;
    }
    case PlyType::UInt32: {
      std::uint32_t v;
      std::memcpy(&v, raw, 4);
      value.whole = v;
      break;
    }
    case PlyType::Float32: {
      float v;
      std::memcpy(&v, raw, 4);
      value.real = v;
      break;
    }
    case PlyType::Float64: {
      double v;
      std::memcpy(&v, raw, 8);
      value.real = v;
      break;
    }
    }
    return value;
  }

  void ReadList(const Element& element, std::int64_t index, const Property& property, Role role) {
    const Value count = ReadScalar(element, index, property.name + " count", property.countType);
    if (count.whole < 0)
      Fail(Where(element, index) + ": list " + property.name + " has count " + count.text());
    const auto items = static_cast<std::uint64_t>(count.whole);
    if (format_ == Format::Ascii) {
      if (items > words_.size() - word_)
        Fail("line " + std::to_string(line_) + ": " + ItemName(element, index) + ": list " +
             property.name + " has count " + count.text() + " but only " +
             std::to_string(words_.size() - word_) + " words follow");
    } else if (items > (bytes_.size() - at_) / SizeOf(property.type)) {
      Fail(ItemName(element, index) + ": list " + property.name + " has count " + count.text() +
           " (" + std::to_string(items * SizeOf(property.type)) + " bytes) but only " +
           std::to_string(bytes_.size() - at_) + " bytes remain (the file is truncated)");
    }
    if (role == Role::Skip) {
      if (format_ == Format::Ascii) {
        for (std::uint64_t k = 0; k < items; ++k)
          ReadScalar(element, index, property.name, property.type);
      } else {
        at_ += static_cast<std::size_t>(items * SizeOf(property.type));
      }
      return;
    }
    if (role == Role::FaceIndices && items < 3)
      Fail(Where(element, index) + " has " + count.text() +
           " vertex indices; a face needs at least 3");
    std::vector<std::int64_t>& ids = role == Role::FaceIndices ? mesh_.polygonIds : mesh_.stripIds;
    std::vector<std::int64_t>& offsets =
        role == Role::FaceIndices ? mesh_.polygonOffsets : mesh_.stripOffsets;
    std::size_t stripStart = ids.size();
    for (std::uint64_t k = 0; k < items; ++k) {
      const std::size_t wordAt = word_;
      const Value id = ReadScalar(element, index, property.name, property.type, true);
      if (role == Role::StripIndices && id.whole == -1) {
        // A strip ends; one of fewer than 3 points is no triangle (dropped).
        if (ids.size() - stripStart >= 3)
          offsets.push_back(static_cast<std::int64_t>(ids.size()));
        else
          ids.resize(stripStart);
        stripStart = ids.size();
        continue;
      }
      if (id.whole < 0 || id.whole >= vertices_)
        Fail(Where(element, index) + ": vertex index " + id.text() + " is out of range (" +
             std::to_string(vertices_) + " vertices)");
      if (format_ == Format::Ascii &&
          (id.whole < MinimumOf(property.type) || id.whole > MaximumOf(property.type)))
        Fail(Where(element, index) + ": vertex index " + std::string(words_[wordAt]) +
             " does not fit the list's type " + NameOf(property.type));
      ids.push_back(id.whole);
    }
    if (role == Role::FaceIndices) {
      offsets.push_back(static_cast<std::int64_t>(ids.size()));
    } else if (ids.size() - stripStart >= 3) {
      offsets.push_back(static_cast<std::int64_t>(ids.size()));
    } else {
      ids.resize(stripStart);
    }
  }

  const std::string& path_;
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::int64_t line_ = 0;
  Format format_ = Format::Ascii;
  std::vector<Element> elements_;
  std::int64_t vertices_ = 0;
  std::vector<std::string_view> words_;
  std::size_t word_ = 0;
  FileMesh mesh_;
};

} // namespace

FileMesh ParsePly(const std::string& path, std::string_view bytes) {
  return PlyParser(path, bytes).Parse();
}

} // namespace cumed::meshio::detail
