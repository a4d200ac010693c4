#include "MetaImageFields.h"

#include <algorithm>

namespace cumed::io {

std::string TrimBlanks(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

MetaImageFields ReadMetaImageFields(std::istream& in, std::uint64_t maxBytes) {
  MetaImageFields fields;
  std::string line;
  while (fields.end < maxBytes && std::getline(in, line)) {
    fields.end += line.size() + 1;
    fields.lines.push_back(line);
    const auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    const std::string key = TrimBlanks(line.substr(0, equals));
    fields.values[key] = TrimBlanks(line.substr(equals + 1));
    if (key != "ElementDataFile") continue;
    std::string raw = line.substr(equals + 1);
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    raw.erase(0, std::min(raw.find_first_not_of(" \t"), raw.size()));
    fields.dataFileAsWritten = raw;
    fields.hasDataFile = true;
    break;
  }
  return fields;
}

} // namespace cumed::io
