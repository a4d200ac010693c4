#include "cumed/io/MetaImageDataFiles.h"

#include "MetaImageFields.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

constexpr long kMaxPatternFiles = 100000;

class DataFileList {
public:
  explicit DataFileList(fs::path directory) : directory_(std::move(directory)) {}
  void Add(const std::string& name) {
    if (name.empty()) return;
    const fs::path path(name);
    const fs::path full = path.is_absolute() ? path : directory_ / path;
    if (std::find(files_.begin(), files_.end(), full) == files_.end()) files_.push_back(full);
  }
  std::vector<fs::path> Take() { return std::move(files_); }

private:
  fs::path directory_;
  std::vector<fs::path> files_;
};

// "slice%03d.raw 1 40 1": the numbered files, as MetaIO reads the pattern form (sscanf of
// "%s %d %d %d"; without them MIN is 1, MAX the last DimSize, STEP 1).
void AddPattern(const std::string& value, long lastDimension, DataFileList& files) {
  std::istringstream words(value);
  std::string format;
  words >> format;
  long first = 1, last = lastDimension, step = 1;
  long number = 0; // each given number replaces its default; a failed read changes nothing
  if (words >> number) {
    first = number;
    if (words >> number) {
      last = number;
      if (words >> number) step = number;
    }
  }
  // The format comes from the file: it may hold exactly one integer conversion, nothing else.
  static const std::regex kOneIntegerConversion("[^%]*%[-+ 0#]*[0-9]{0,4}[diuxX][^%]*");
  if (!std::regex_match(format, kOneIntegerConversion) || step <= 0 || last < first ||
      (last - first) / step > kMaxPatternFiles) {
    return;
  }
  for (long i = first; i <= last; i += step) {
    char name[4096];
    std::snprintf(name, sizeof name, format.c_str(), static_cast<int>(i));
    files.Add(name);
  }
}

// The last number of a "DimSize = 4 3 2" value (the slices a pattern numbers), 0 when absent.
long LastNumber(const std::string& value) {
  std::istringstream numbers(value);
  long number = 0;
  for (long next = 0; numbers >> next;) number = next;
  return number;
}

} // namespace

std::vector<fs::path> MetaImageDataFiles(const fs::path& header) {
  // Opening a FIFO would wait for a writer forever; the reader's checks refuse it by name.
  std::error_code error;
  if (!fs::is_regular_file(header, error)) return {};
  std::ifstream in(header, std::ios::binary);
  const MetaImageFields fields = ReadMetaImageFields(in);
  if (!fields.hasDataFile) return {};
  DataFileList files(header.parent_path());
  const auto dimSize = fields.values.find("DimSize");
  const long lastDimension = dimSize == fields.values.end() ? 0 : LastNumber(dimSize->second);
  const std::string& raw = fields.dataFileAsWritten;
  const std::string value = TrimBlanks(raw);
  if (value.empty() || value == "LOCAL" || value == "Local" || value == "local") return {};
  if (value.compare(0, 4, "LIST") == 0) {
    for (std::string line; std::getline(in, line);) {
      files.Add(TrimBlanks(line));
      std::istringstream words(line);
      for (std::string word; words >> word;) files.Add(word);
    }
  } else if (value.find('%') != std::string::npos) {
    AddPattern(value, lastDimension, files);
  } else {
    files.Add(raw); // the whole rest of the line, as written
    files.Add(value);
  }
  return files.Take();
}

} // namespace cumed::io
