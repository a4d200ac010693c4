#pragma once
// The XML part of a .vtp file as a small, bounded element tree (internal to CuMed::MeshIO), parsed
// with libexpat. The raw bytes of an <AppendedData> section (after its '_' marker) are not XML:
// they are cut out before parsing and handed back as they are. Bounds (depth, elements,
// attributes, name and value lengths) keep a hostile file from making the tree large; no DOCTYPE
// or entity declaration is accepted. Refusals are InvalidArgument naming the file.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cumed::meshio::detail {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text; ///< character data directly inside, kept for DataArray elements only
  std::vector<XmlElement> children;

  /// The attribute's value, or nullptr when the element has none of that name.
  const std::string* attribute(std::string_view key) const;
};

struct VtpXml {
  XmlElement root;
  bool hasAppendedData = false;
  std::string_view appended; ///< the bytes after '_' up to the last </AppendedData>
};

/// `bytes` must outlive the result (`appended` points into it).
VtpXml ParseVtpXml(const std::string& path, std::string_view bytes);

} // namespace cumed::meshio::detail
