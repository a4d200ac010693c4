#include "MetaImageHeader.h"

#include "cumed/app/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::app::detail {
namespace {

std::string Trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

} // namespace

MetaImageHeader ReadMetaImageHeader(const fs::path& file) {
  constexpr std::uint64_t kMaxHeaderBytes = 1 << 20;
  std::ifstream in(file, std::ios::binary);
  MetaImageHeader header;
  std::string line;
  while (header.end < kMaxHeaderBytes && std::getline(in, line)) {
    header.end += line.size() + 1;
    const auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    const std::string key = Trim(line.substr(0, equals));
    header.fields[key] = Trim(line.substr(equals + 1));
    if (key == "ElementDataFile") return header;
  }
  throw cumed::Error("cannot read the header of " + InputName(file) +
                     ": no 'ElementDataFile = ...' line in its first " +
                     std::to_string(header.end) + " bytes (a MetaImage header ends with it)");
}

void CheckMetaImageNumbers(const fs::path& file, const MetaImageHeader& header) {
  static const std::array<const char*, 10> kNumericFields{
      "DimSize",  "ElementSpacing",  "ElementSize", "Offset",      "Origin",
      "Position", "TransformMatrix", "Rotation",    "Orientation", "CenterOfRotation"};
  for (const char* key : kNumericFields) {
    const auto field = header.fields.find(key);
    if (field == header.fields.end()) continue;
    const bool spacing = field->first == "ElementSpacing" || field->first == "ElementSize";
    CheckHeaderNumbers(file, field->first, field->second, spacing);
  }
  // MetaIO keeps sizes in an int: 4294967296 would silently become another size.
  if (const auto dimSize = header.fields.find("DimSize"); dimSize != header.fields.end()) {
    std::istringstream tokens(dimSize->second);
    std::string token;
    while (tokens >> token) {
      const double value = std::strtod(token.c_str(), nullptr);
      if (value < 1 || value > std::numeric_limits<int>::max() || value != std::floor(value)) {
        throw cumed::Error(InputName(file) + ": header field DimSize = '" + dimSize->second +
                           "': the value '" + token + "' is not a whole number from 1 to " +
                           std::to_string(std::numeric_limits<int>::max()) +
                           " (the sizes MetaIO reads)");
      }
    }
  }
}

} // namespace cumed::app::detail
