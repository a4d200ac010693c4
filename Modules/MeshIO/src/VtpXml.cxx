// libexpat drives the parse; its callbacks are C, so they record the first refusal and stop the
// parser instead of throwing through expat's frames.
#include "VtpXml.h"

#include "MeshFileFormats.h"

#include <expat.h>

#include <cstring>
#include <memory>

namespace cumed::meshio::detail {
namespace {

// Far above what VTK writes (VTKFile/PolyData/Piece/PointData/DataArray/InformationKey is 6 deep,
// a DataArray has a handful of attributes) and small enough that the tree stays cheap.
constexpr int kMaxDepth = 16;
constexpr std::size_t kMaxElements = 100000;
constexpr std::size_t kMaxAttributes = 64;
constexpr std::size_t kMaxNameLength = 256;
constexpr std::size_t kMaxValueLength = 4096;

struct ParseState {
  std::string path;
  XmlElement root;
  std::vector<XmlElement*> open; ///< the elements from the root to the current one
  std::size_t elements = 0;
  std::string error;
  XML_Parser parser = nullptr;

  void stop(std::string what) {
    if (error.empty()) error = std::move(what);
    XML_StopParser(parser, XML_FALSE);
  }
  std::string where() const {
    return "XML line " + std::to_string(XML_GetCurrentLineNumber(parser)) + ": ";
  }
};

void OnStart(void* data, const XML_Char* name, const XML_Char** attributes) {
  auto& state = *static_cast<ParseState*>(data);
  if (!state.error.empty()) return;
  if (state.open.size() >= static_cast<std::size_t>(kMaxDepth))
    return state.stop(state.where() + "elements nest deeper than " + std::to_string(kMaxDepth));
  if (++state.elements > kMaxElements)
    return state.stop(state.where() + "more than " + std::to_string(kMaxElements) + " elements");
  if (std::strlen(name) > kMaxNameLength)
    return state.stop(state.where() + "element name " + Quote(name) + " is too long");
  XmlElement element;
  element.name = name;
  for (const XML_Char** a = attributes; a[0] && a[1]; a += 2) {
    if (element.attributes.size() >= kMaxAttributes)
      return state.stop(state.where() + "element " + element.name + " has more than " +
                        std::to_string(kMaxAttributes) + " attributes");
    if (std::strlen(a[0]) > kMaxNameLength || std::strlen(a[1]) > kMaxValueLength)
      return state.stop(state.where() + "element " + element.name + ": attribute " + Quote(a[0]) +
                        " is too long");
    element.attributes.emplace_back(a[0], a[1]);
  }
  if (state.open.empty()) {
    if (state.elements > 1) return state.stop(state.where() + "more than one root element");
    state.root = std::move(element);
    state.open.push_back(&state.root);
  } else {
    auto& children = state.open.back()->children;
    children.push_back(std::move(element));
    state.open.push_back(&children.back());
  }
}

void OnEnd(void* data, const XML_Char*) {
  auto& state = *static_cast<ParseState*>(data);
  if (!state.error.empty() || state.open.empty()) return;
  state.open.pop_back();
}

void OnText(void* data, const XML_Char* text, int length) {
  auto& state = *static_cast<ParseState*>(data);
  if (!state.error.empty() || state.open.empty()) return;
  XmlElement& element = *state.open.back();
  if (element.name == "DataArray") element.text.append(text, static_cast<std::size_t>(length));
}

void OnDoctype(void* data, const XML_Char*, const XML_Char*, const XML_Char*, int) {
  auto& state = *static_cast<ParseState*>(data);
  state.stop(state.where() + "a DOCTYPE is not allowed in a .vtp file");
}

void OnEntity(void* data, const XML_Char* name, int, const XML_Char*, int, const XML_Char*,
              const XML_Char*, const XML_Char*, const XML_Char*) {
  auto& state = *static_cast<ParseState*>(data);
  state.stop(state.where() + "entity declaration " + Quote(name) + " is not allowed");
}

/// Where the appended bytes start (after '_') and end (the last "</AppendedData>"), or false
/// when the file has no AppendedData element.
bool FindAppended(const std::string& path, std::string_view bytes, std::size_t& begin,
                  std::size_t& end) {
  const std::size_t tag = bytes.find("<AppendedData");
  if (tag == std::string_view::npos) return false;
  const std::size_t close = bytes.find('>', tag);
  if (close == std::string_view::npos) Refuse(path, "AppendedData start tag is not closed");
  std::size_t at = close + 1;
  if (bytes[close - 1] == '/') Refuse(path, "AppendedData is empty (no '_' marker)");
  while (at < bytes.size() && std::strchr(" \t\r\n", bytes[at])) ++at;
  if (at >= bytes.size() || bytes[at] != '_')
    Refuse(path, "AppendedData: expected the '_' marker before the data, found " +
                     Quote(bytes.substr(at, 8)));
  begin = at + 1;
  end = bytes.rfind("</AppendedData>");
  if (end == std::string_view::npos || end < begin) Refuse(path, "AppendedData has no end tag");
  return true;
}

} // namespace

const std::string* XmlElement::attribute(std::string_view key) const {
  for (const auto& [name, value] : attributes)
    if (name == key) return &value;
  return nullptr;
}

VtpXml ParseVtpXml(const std::string& path, std::string_view bytes) {
  VtpXml result;
  std::size_t begin = 0, end = 0;
  std::string xml;
  if (FindAppended(path, bytes, begin, end)) {
    result.hasAppendedData = true;
    result.appended = bytes.substr(begin, end - begin);
    xml.reserve(begin + (bytes.size() - end));
    xml.append(bytes.substr(0, begin)).append(bytes.substr(end));
  } else {
    xml.assign(bytes);
  }
  if (xml.size() > static_cast<std::size_t>(INT32_MAX))
    Refuse(path, "its XML part is " + std::to_string(xml.size()) + " bytes, more than 2 GiB");

  ParseState state;
  state.path = path;
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr),
                                                                      &XML_ParserFree);
  if (!parser) Refuse(path, "cannot create an XML parser (out of memory)");
  state.parser = parser.get();
  XML_SetUserData(parser.get(), &state);
  XML_SetElementHandler(parser.get(), &OnStart, &OnEnd);
  XML_SetCharacterDataHandler(parser.get(), &OnText);
  XML_SetStartDoctypeDeclHandler(parser.get(), &OnDoctype);
  XML_SetEntityDeclHandler(parser.get(), &OnEntity);
  const XML_Status status =
      XML_Parse(parser.get(), xml.data(), static_cast<int>(xml.size()), XML_TRUE);
  if (!state.error.empty()) Refuse(path, state.error);
  if (status != XML_STATUS_OK)
    Refuse(path, "XML line " + std::to_string(XML_GetCurrentLineNumber(parser.get())) + ": " +
                     XML_ErrorString(XML_GetErrorCode(parser.get())));
  if (state.elements == 0) Refuse(path, "no XML element");
  result.root = std::move(state.root);
  return result;
}

} // namespace cumed::meshio::detail
