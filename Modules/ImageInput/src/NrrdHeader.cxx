#include "NrrdHeader.h"

#include "HeaderSupport.h"

#include "cumed/io/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace cumed::io::detail {

void CheckNrrdHeaderLines(const fs::path& file) {
  // NrrdIO formats its parse errors, which quote the line, into a 1025-byte stack buffer
  // (vsprintf in biffMsgAddVL): a line of about 970 characters overflows it.
  constexpr std::size_t kMaxLine = 512;
  std::ifstream in(file, std::ios::binary);
  std::string line;
  std::uint64_t end = 0;
  for (std::size_t number = 1; std::getline(in, line) && end < (1u << 20); ++number) {
    end += line.size() + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) return;
    if (line.size() > kMaxLine) {
      throw cumed::Error(InputName(file) + ": NRRD header line " + std::to_string(number) + " ('" +
                         Printable(line) + "') is longer than " + std::to_string(kMaxLine) +
                         " characters (NrrdIO's error messages " + "overflow on such lines)");
    }
  }
}

// "key: value" lines up to the first empty line.
ImageDataLocation LocateNrrdData(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string line, encoding = "raw", dataFile;
  std::int64_t byteSkip = 0;
  std::uint64_t end = 0;
  while (std::getline(in, line) && end < (1u << 20)) {
    end += line.size() + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;
    const auto colon = line.find(':');
    if (colon == std::string::npos || line[0] == '#') continue;
    if (colon + 1 < line.size() && line[colon + 1] == '=') continue; // key:=value pairs
    const std::string key = Lowercase(line.substr(0, colon));
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    if (key == "encoding")
      encoding = Lowercase(value);
    else if (key == "data file" || key == "datafile")
      dataFile = value;
    else if (key == "byte skip" || key == "byteskip")
      byteSkip = WholeNumber(file, key, value);
  }
  ImageDataLocation data;
  data.dataFile = file;
  data.offset = end;
  if (!dataFile.empty()) {
    if (dataFile.rfind("LIST", 0) == 0 || dataFile.find_first_of(" \t") != std::string::npos) {
      data.storage = DataStorage::ReaderChecked;
      return data;
    }
    data.dataFile = DataFileOf(file, "data file", dataFile);
    data.offset = 0;
  }
  if (byteSkip == -1)
    data.atEnd = true;
  else if (byteSkip > 0)
    data.offset += static_cast<std::uint64_t>(byteSkip);
  if (encoding == "raw")
    data.storage = DataStorage::Raw;
  else if (encoding == "hex")
    data.storage = DataStorage::Hex;
  else if (encoding == "gzip" || encoding == "gz")
    data.storage = DataStorage::Compressed;
  else
    data.storage = DataStorage::ReaderChecked;
  return data;
}

} // namespace cumed::io::detail
