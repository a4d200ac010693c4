// The .vtp rules: which elements and attributes a PolyData file needs, and what each DataArray
// must hold. Sizes and values are read by VtpArrayData.cxx.
#include "VtpFileCheck.h"

#include "MeshFileFormats.h"
#include "VtpArrayData.h"
#include "VtpXml.h"

#include <limits>

namespace cumed::meshio::detail {
namespace {

// VTK's own arrays have at most 9 components (tensors); 256 leaves room for user arrays.
constexpr std::uint64_t kMaxComponents = 256;

const char* const kCellKinds[] = {"Verts", "Lines", "Strips", "Polys"};

struct Context {
  const std::string& path;
  VtpStorage storage;
};

std::string Attribute(const Context& c, const XmlElement& e, const std::string& where,
                      std::string_view key, const char* fallback = nullptr) {
  const std::string* value = e.attribute(key);
  if (value) return *value;
  if (!fallback) Refuse(c.path, where + " has no " + std::string(key) + " attribute");
  return fallback;
}

std::uint64_t Count(const Context& c, const XmlElement& e, const std::string& where,
                    std::string_view key, const char* fallback) {
  const std::string text = Attribute(c, e, where, key, fallback);
  std::int64_t value = 0;
  if (!ParseInteger(text, value) || value < 0)
    Refuse(c.path,
           where + ": " + std::string(key) + " " + Quote(text) + " is not a non-negative integer");
  return static_cast<std::uint64_t>(value);
}

void OnlyChildren(const Context& c, const XmlElement& e, const std::string& where,
                  std::initializer_list<std::string_view> allowed) {
  for (const XmlElement& child : e.children) {
    bool known = false;
    for (const std::string_view name : allowed) known = known || child.name == name;
    if (!known) Refuse(c.path, where + ": unexpected element " + Quote(child.name));
  }
}

const XmlElement* OnlyChild(const Context& c, const XmlElement& e, const std::string& where,
                            std::string_view name) {
  const XmlElement* found = nullptr;
  for (const XmlElement& child : e.children)
    if (child.name == name) {
      if (found) Refuse(c.path, where + ": more than one " + std::string(name) + " element");
      found = &child;
    }
  return found;
}

/// Checks one DataArray against `values` (tuples x components; `tuples` when the count is known
/// only from the array itself, as in FieldData) and returns its decoded values.
std::string CheckArray(const Context& c, const XmlElement& e, const std::string& owner,
                       std::uint64_t tuples, bool tuplesFromArray, std::uint64_t components,
                       std::string* type = nullptr) {
  const std::string name = Attribute(c, e, "a DataArray of " + owner, "Name", "");
  const std::string label = "DataArray " + Quote(name) + " of " + owner;
  OnlyChildren(c, e, label, {"InformationKey"});
  VtpArray array;
  array.label = label;
  array.type = Attribute(c, e, label, "type");
  if (TypeSize(array.type) == 0)
    Refuse(c.path, label + ": type " + Quote(array.type) +
                       " is not one of Int8 ... UInt64, Float32, Float64");
  const std::uint64_t declared = Count(c, e, label, "NumberOfComponents", "1");
  if (declared < 1 || declared > kMaxComponents)
    Refuse(c.path, label + ": NumberOfComponents " + std::to_string(declared) + " is not in 1.." +
                       std::to_string(kMaxComponents));
  if (components != 0 && declared != components)
    Refuse(c.path, label + ": NumberOfComponents " + std::to_string(declared) + " (must be " +
                       std::to_string(components) + ")");
  if (tuplesFromArray)
    tuples = Count(c, e, label, "NumberOfTuples", nullptr);
  else if (e.attribute("NumberOfTuples") && Count(c, e, label, "NumberOfTuples", nullptr) != tuples)
    Refuse(c.path, label + ": NumberOfTuples " + *e.attribute("NumberOfTuples") + " (must be " +
                       std::to_string(tuples) + ")");
  if (tuples > std::numeric_limits<std::uint64_t>::max() / declared)
    Refuse(c.path, label + ": " + std::to_string(tuples) + " tuples of " +
                       std::to_string(declared) + " components overflow");
  array.values = tuples * declared;
  array.format = Attribute(c, e, label, "format");
  if (array.format != "ascii" && array.format != "binary" && array.format != "appended")
    Refuse(c.path, label + ": format " + Quote(array.format) + " is not ascii, binary or appended");
  if (array.format == "appended") array.offset = Count(c, e, label, "offset", nullptr);
  array.text = e.text;
  if (type) *type = array.type;
  return ReadVtpArray(c.path, c.storage, array);
}

void CheckAttributeData(const Context& c, const XmlElement* data, const std::string& owner,
                        std::uint64_t tuples) {
  if (!data) return;
  OnlyChildren(c, *data, owner, {"DataArray"});
  for (const XmlElement& array : data->children) CheckArray(c, array, owner, tuples, false, 0);
}

void CheckCells(const Context& c, const XmlElement& piece, const std::string& where,
                const char* kind, std::uint64_t cells) {
  const XmlElement* element = OnlyChild(c, piece, where, kind);
  const std::string owner = std::string(kind) + " of " + where;
  if (!element) {
    if (cells > 0)
      Refuse(c.path, where + ": NumberOf" + kind + " " + std::to_string(cells) + " but no " + kind +
                         " element");
    return;
  }
  OnlyChildren(c, *element, owner, {"DataArray"});
  const XmlElement* offsets = nullptr;
  const XmlElement* connectivity = nullptr;
  for (const XmlElement& array : element->children) {
    const std::string* name = array.attribute("Name");
    const XmlElement** slot = !name                     ? nullptr
                              : *name == "offsets"      ? &offsets
                              : *name == "connectivity" ? &connectivity
                                                        : nullptr;
    if (!slot)
      Refuse(c.path, owner + ": DataArray " + Quote(name ? *name : "") +
                         " (only connectivity and offsets)");
    if (*slot) Refuse(c.path, owner + ": more than one DataArray " + Quote(*name));
    *slot = &array;
  }
  if (cells == 0) return; // the reader does not look at the arrays then
  if (!offsets || !connectivity)
    Refuse(c.path, owner + ": needs both DataArrays connectivity and offsets");
  std::string type;
  const std::string ends = CheckArray(c, *offsets, owner, cells, false, 1, &type);
  if (!IsIntegerType(type))
    Refuse(c.path, "DataArray 'offsets' of " + owner + ": type " + type + " is not an integer");
  // Offsets are where each cell's point ids end: non-decreasing from 0; the last one is the
  // connectivity's length.
  std::int64_t previous = 0, end = 0;
  for (std::uint64_t i = 0; i < cells; ++i) {
    if (!IntegerValue(type, ends, i, end) || end < previous)
      Refuse(c.path, "DataArray 'offsets' of " + owner + ": offset " + std::to_string(i) + " is " +
                         std::to_string(end) + ", below the one before (" +
                         std::to_string(previous) + ")");
    previous = end;
  }
  CheckArray(c, *connectivity, owner, static_cast<std::uint64_t>(end), false, 1, &type);
  if (!IsIntegerType(type))
    Refuse(c.path,
           "DataArray 'connectivity' of " + owner + ": type " + type + " is not an integer");
}

void CheckPiece(const Context& c, const XmlElement& piece, const std::string& where) {
  OnlyChildren(c, piece, where,
               {"PointData", "CellData", "Points", "Verts", "Lines", "Strips", "Polys"});
  const std::uint64_t points = Count(c, piece, where, "NumberOfPoints", nullptr);
  std::uint64_t cells[4], allCells = 0;
  for (int k = 0; k < 4; ++k) {
    cells[k] = Count(c, piece, where, std::string("NumberOf") + kCellKinds[k], "0");
    allCells += cells[k];
    if (allCells < cells[k]) Refuse(c.path, where + ": cell counts overflow");
  }
  const XmlElement* coordinates = OnlyChild(c, piece, where, "Points");
  if (coordinates) {
    OnlyChildren(c, *coordinates, "Points of " + where, {"DataArray"});
    if (coordinates->children.size() != 1)
      Refuse(c.path, "Points of " + where + ": needs exactly one DataArray, has " +
                         std::to_string(coordinates->children.size()));
    CheckArray(c, coordinates->children[0], "Points of " + where, points, false, 3);
  } else if (points > 0) {
    Refuse(c.path, where + ": NumberOfPoints " + std::to_string(points) + " but no Points element");
  }
  for (int k = 0; k < 4; ++k) CheckCells(c, piece, where, kCellKinds[k], cells[k]);
  CheckAttributeData(c, OnlyChild(c, piece, where, "PointData"), "PointData of " + where, points);
  CheckAttributeData(c, OnlyChild(c, piece, where, "CellData"), "CellData of " + where, allCells);
}

VtpStorage Storage(const Context& c, const VtpXml& xml) {
  const XmlElement& root = xml.root;
  VtpStorage storage;
  const std::string order = Attribute(c, root, "VTKFile", "byte_order");
  if (order != "LittleEndian" && order != "BigEndian")
    Refuse(c.path, "VTKFile: byte_order " + Quote(order) + " is not LittleEndian or BigEndian");
  storage.bigEndian = order == "BigEndian";
  const std::string header = Attribute(c, root, "VTKFile", "header_type", "UInt32");
  if (header != "UInt32" && header != "UInt64")
    Refuse(c.path, "VTKFile: header_type " + Quote(header) + " is not UInt32 or UInt64");
  storage.headerSize = header == "UInt64" ? 8 : 4;
  const std::string compressor = Attribute(c, root, "VTKFile", "compressor", "");
  if (compressor == "vtkZLibDataCompressor")
    storage.compressor = VtpCompressor::ZLib;
  else if (compressor == "vtkLZ4DataCompressor")
    storage.compressor = VtpCompressor::LZ4;
  else if (!compressor.empty())
    Refuse(c.path, "VTKFile: compressor " + Quote(compressor) +
                       " is not vtkZLibDataCompressor or vtkLZ4DataCompressor");
  const XmlElement* appended = OnlyChild(c, root, "VTKFile", "AppendedData");
  if (appended) {
    if (!xml.hasAppendedData) Refuse(c.path, "AppendedData: no '_' marker before its data");
    const std::string encoding = Attribute(c, *appended, "AppendedData", "encoding");
    if (encoding != "raw" && encoding != "base64")
      Refuse(c.path, "AppendedData: encoding " + Quote(encoding) + " is not raw or base64");
    storage.hasAppended = true;
    storage.appendedBase64 = encoding == "base64";
    storage.appended = xml.appended;
  }
  return storage;
}

void CheckVersion(const Context& c, const XmlElement& root) {
  const std::string version = Attribute(c, root, "VTKFile", "version");
  const std::size_t dot = version.find('.');
  std::int64_t major = 0, minor = 0;
  if (dot == std::string::npos || !ParseInteger(version.substr(0, dot), major) ||
      !ParseInteger(version.substr(dot + 1), minor) || major < 0 || major > 2 || minor < 0 ||
      minor > 99)
    Refuse(c.path, "VTKFile: version " + Quote(version) + " is not 0.x, 1.x or 2.x");
}

} // namespace

void CheckVtpFile(const std::string& path, std::string_view bytes) {
  const VtpXml xml = ParseVtpXml(path, bytes);
  Context c{path, {}};
  const XmlElement& root = xml.root;
  if (root.name != "VTKFile") Refuse(path, "root element " + Quote(root.name) + " is not VTKFile");
  const std::string type = Attribute(c, root, "VTKFile", "type");
  if (type != "PolyData") Refuse(path, "VTKFile: type " + Quote(type) + " is not PolyData");
  CheckVersion(c, root);
  OnlyChildren(c, root, "VTKFile", {"PolyData", "AppendedData"});
  c.storage = Storage(c, xml);
  const XmlElement* poly = OnlyChild(c, root, "VTKFile", "PolyData");
  if (!poly) Refuse(path, "VTKFile has no PolyData element");
  OnlyChildren(c, *poly, "PolyData", {"Piece", "FieldData"});
  if (const XmlElement* field = OnlyChild(c, *poly, "PolyData", "FieldData")) {
    OnlyChildren(c, *field, "FieldData", {"DataArray"});
    for (const XmlElement& array : field->children) CheckArray(c, array, "FieldData", 0, true, 0);
  }
  std::size_t pieces = 0;
  for (const XmlElement& child : poly->children)
    if (child.name == "Piece") CheckPiece(c, child, "Piece " + std::to_string(pieces++));
  if (pieces == 0) Refuse(path, "PolyData has no Piece");
}

} // namespace cumed::meshio::detail
