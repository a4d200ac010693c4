#include "MetaImageHeader.h"

#include "HeaderSupport.h"

#include "cumed/io/ImageInputChecks.h"
#include "MetaImageFields.h"
#include "cumed/core/Error.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::io::detail {
MetaImageHeader ReadMetaImageHeader(const fs::path& file) {
  constexpr std::uint64_t kMaxHeaderBytes = 1 << 20;
  std::ifstream in(file, std::ios::binary);
  MetaImageFields read = ReadMetaImageFields(in, kMaxHeaderBytes);
  if (!read.hasDataFile)
    throw cumed::Error("cannot read the header of " + InputName(file) +
                       ": no 'ElementDataFile = ...' line in its first " +
                       std::to_string(read.end) + " bytes (a MetaImage header ends with it)");
  return {std::move(read.values), read.end, std::move(read.lines)};
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

// "LOCAL" data follow the header; a data file starts at HeaderSize (-1: its last bytes).
ImageDataLocation LocateMetaImageData(const fs::path& file) {
  const MetaImageHeader header = ReadMetaImageHeader(file);
  auto field = [&](const char* key) {
    const auto found = header.fields.find(key);
    return found == header.fields.end() ? std::string() : found->second;
  };
  ImageDataLocation data;
  const std::string name = field("ElementDataFile");
  if (name == "LOCAL") {
    data.dataFile = file;
    data.offset = header.end;
  } else if (name.rfind("LIST", 0) == 0 || name.find_first_of(" \t") != std::string::npos) {
    throw cumed::Error(InputName(file) + ": ElementDataFile = '" + name +
                       "' names several data files (a LIST or a file name pattern); the "
                       "programs read one data file per image");
  } else {
    data.dataFile = DataFileOf(file, "ElementDataFile", name);
    const std::string headerSize = field("HeaderSize");
    if (!headerSize.empty()) {
      const std::int64_t skip = WholeNumber(file, "HeaderSize", headerSize);
      if (skip == -1)
        data.atEnd = true;
      else if (skip > 0)
        data.offset = static_cast<std::uint64_t>(skip);
    }
  }
  const std::string compressed = Lowercase(field("CompressedData"));
  if (compressed == "true") {
    data.storage = DataStorage::Zlib;
    const std::string size = field("CompressedDataSize");
    if (!size.empty()) {
      const std::int64_t bytes = WholeNumber(file, "CompressedDataSize", size);
      if (bytes > 0) data.storedBytes = static_cast<std::uint64_t>(bytes);
    }
  } else if (Lowercase(field("BinaryData")) == "false") {
    data.storage = DataStorage::Text;
  }
  return data;
}

} // namespace cumed::io::detail
