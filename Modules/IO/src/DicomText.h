#pragma once
// Whether DICOM text needs a SpecificCharacterSet: plain ASCII (ISO_IR 6, the default) does not.
#include <algorithm>
#include <string>

namespace cumed::io::detail {

inline bool IsAscii(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
}

} // namespace cumed::io::detail
