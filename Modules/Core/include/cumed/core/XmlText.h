#pragma once
// Text placed in an XML document CuMed writes (.vtp attribute values, Slicer's execution-model
// description), so that a name or a help text holding & < > " cannot break the document.
#include <string>

namespace cumed {

/// `text` with & < > " replaced by their XML entities; valid as element text and as a
/// double-quoted attribute value.
std::string XmlEscaped(const std::string& text);

} // namespace cumed
