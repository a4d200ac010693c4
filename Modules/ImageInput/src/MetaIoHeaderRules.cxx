#include "MetaIoHeaderRules.h"

#include "HeaderSupport.h"

#include "cumed/io/ImageInputChecks.h"
#include "MetaImageFields.h"
#include "cumed/core/Error.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace cumed::io::detail {
namespace {

// How MetaIO 5.2 (metaObject.cxx, metaImage.cxx M_SetupReadFields) reads each field it knows.
enum class Shape {
  Text,      // MET_STRING: copied into a 255-byte buffer (some of them)
  Whole,     // MET_INT: one number, cast to int
  Number,    // MET_FLOAT / MET_ULONG_LONG: one number
  PerAxis,   // an array of NDims numbers
  Matrix,    // NDims x NDims numbers
  FourValues // Color
};

const std::map<std::string, Shape>& KnownFields() {
  static const std::map<std::string, Shape> fields{
      {"Comment", Shape::Text},
      {"AcquisitionDate", Shape::Text},
      {"ObjectType", Shape::Text},
      {"ObjectSubType", Shape::Text},
      {"NDims", Shape::Whole},
      {"Name", Shape::Text},
      {"ID", Shape::Whole},
      {"ParentID", Shape::Whole},
      {"CompressedData", Shape::Text},
      {"CompressedDataSize", Shape::Whole}, // a double in MetaIO, then a long
      {"BinaryData", Shape::Text},
      {"ElementByteOrderMSB", Shape::Text},
      {"BinaryDataByteOrderMSB", Shape::Text},
      {"Color", Shape::FourValues},
      {"Position", Shape::PerAxis},
      {"Origin", Shape::PerAxis},
      {"Offset", Shape::PerAxis},
      {"TransformMatrix", Shape::Matrix},
      {"Rotation", Shape::Matrix},
      {"Orientation", Shape::Matrix},
      {"CenterOfRotation", Shape::PerAxis},
      {"DistanceUnits", Shape::Text},
      {"AnatomicalOrientation", Shape::Text},
      {"ElementSpacing", Shape::PerAxis},
      {"DimSize", Shape::PerAxis},
      {"HeaderSize", Shape::Whole},
      {"Modality", Shape::Text},
      {"ImagePosition", Shape::PerAxis},
      {"SequenceID", Shape::PerAxis},
      {"ElementMin", Shape::Number},
      {"ElementMax", Shape::Number},
      {"ElementNumberOfChannels", Shape::Whole},
      {"ElementSize", Shape::PerAxis},
      {"ElementNBits", Shape::Whole},
      {"ElementToIntensityFunctionSlope", Shape::Number},
      {"ElementToIntensityFunctionOffset", Shape::Number},
      {"ElementType", Shape::Text},
      {"ElementDataFile", Shape::Text}};
  return fields;
}

// The pixel types MetaIO gives a size (MET_ValueTypeSize), scalar and per-channel.
const std::set<std::string>& ElementTypes() {
  static const std::set<std::string> types = [] {
    std::set<std::string> names;
    for (const char* type : {"CHAR", "UCHAR", "SHORT", "USHORT", "INT", "UINT", "LONG", "ULONG",
                             "LONG_LONG", "ULONG_LONG", "FLOAT", "DOUBLE"}) {
      names.insert(std::string("MET_") + type);
      names.insert(std::string("MET_") + type + "_ARRAY");
    }
    return names;
  }();
  return types;
}

constexpr std::size_t kMaxNameLength = 254;     // MET_FieldRecordType::name[255]
constexpr std::size_t kMaxTextLength = 254;     // m_Name, m_Comment, ... [255]
constexpr std::size_t kMaxDataFileLength = 498; // MET_Read's getline(str, 500)
constexpr int kMaxDimensions = 10;              // m_DimSize[10], m_ElementSpacing[10], ...
constexpr long kMaxChannels = 1024;

// The numbers of `value` as MetaIO's stream extraction reads them: plain decimal notation only
// (no inf, nan or hexadecimal, which it reads differently or not at all).
std::optional<std::vector<double>> DecimalNumbers(const std::string& value) {
  static const std::regex kDecimal("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
  std::istringstream tokens(value);
  std::vector<double> numbers;
  std::string token;
  while (tokens >> token) {
    if (!std::regex_match(token, kDecimal)) return std::nullopt;
    numbers.push_back(std::strtod(token.c_str(), nullptr));
  }
  return numbers;
}

class HeaderRules {
public:
  explicit HeaderRules(const fs::path& file) : file_(file) {}

  void Line(std::size_t number, const std::string& line) {
    const std::string trimmed = TrimBlanks(line);
    if (trimmed.empty()) return;
    const auto separator = line.find_first_of("=:");
    if (separator == std::string::npos || line[separator] != '=') {
      throw cumed::Error(InputName(file_) + ": header line " + std::to_string(number) + " ('" +
                         Printable(trimmed) +
                         "') is not 'Name = value' (MetaIO would take the next line's field as "
                         "this line's value)");
    }
    const std::string name = TrimBlanks(line.substr(0, separator));
    const std::string value = TrimBlanks(line.substr(separator + 1));
    CheckName(number, name);
    if (value.empty() || value[0] == '=' || value[0] == ':') {
      throw cumed::Error(InputName(file_) + ": header field " + name + " = '" + Printable(value) +
                         "' has no value (MetaIO would read the next line as its value)");
    }
    if (!seen_.insert(name).second) {
      throw cumed::Error(InputName(file_) + ": header field " + name +
                         " appears twice; a MetaImage header gives each field once");
    }
    const auto known = KnownFields().find(name);
    if (known == KnownFields().end()) {
      CheckText(name, value, kMaxTextLength); // kept by MetaIO as text, unused
      return;
    }
    switch (known->second) {
    case Shape::Text:
      CheckText(name, value, name == "ElementDataFile" ? kMaxDataFileLength : kMaxTextLength);
      if (name == "ElementType" && ElementTypes().count(value) == 0) {
        Refuse(name, value,
               "is not one of MetaIO's pixel types (MET_UCHAR, MET_SHORT, MET_FLOAT, ... or "
               "their _ARRAY forms)");
      }
      if (name == "ElementDataFile" && value.find('%') != std::string::npos) {
        Refuse(name, value,
               "is a file name pattern ('%'), which names several data files; the programs "
               "read one data file per image");
      }
      return;
    case Shape::Whole:
      CheckWhole(name, value);
      return;
    case Shape::Number:
      Count(name, value, 1, "1 number");
      return;
    case Shape::PerAxis: {
      const int n = Dimensions(name);
      Count(name, value, n, "NDims (" + std::to_string(n) + ") numbers");
      return;
    }
    case Shape::Matrix: {
      const int n = Dimensions(name);
      Count(name, value, n * n,
            "NDims x NDims (" + std::to_string(n * n) + ") numbers, a matrix row after row");
      return;
    }
    case Shape::FourValues:
      Count(name, value, 4, "4 numbers");
      return;
    }
  }

  void Finish() const {
    for (const char* required : {"NDims", "DimSize", "ElementType"}) {
      if (seen_.count(required) == 0) {
        throw cumed::Error(InputName(file_) + ": the MetaImage header has no " + required +
                           " field before ElementDataFile");
      }
    }
  }

private:
  [[noreturn]] void Refuse(const std::string& name, const std::string& value,
                           const std::string& problem) const {
    throw cumed::Error(InputName(file_) + ": header field " + name + " = '" + Printable(value) +
                       "' " + problem);
  }

  void CheckName(std::size_t number, const std::string& name) const {
    const bool printable = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return c >= 0x20 && c < 0x7f;
    });
    if (!printable || name.size() > kMaxNameLength) {
      throw cumed::Error(InputName(file_) + ": header line " + std::to_string(number) +
                         " has the field name '" + Printable(name) +
                         "'; expected printable characters, at most " +
                         std::to_string(kMaxNameLength) + " (MetaIO's limit)");
    }
    for (const auto& known : KnownFields()) {
      const bool sameLetters =
          known.first.size() == name.size() &&
          std::equal(name.begin(), name.end(), known.first.begin(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
          });
      if (sameLetters && known.first != name) {
        throw cumed::Error(InputName(file_) + ": header field " + name + " is spelt " +
                           known.first +
                           " (MetaIO matches names case-sensitively and would "
                           "ignore it)");
      }
    }
  }

  void CheckText(const std::string& name, const std::string& value, std::size_t limit) const {
    if (value.size() > limit) {
      Refuse(name, value,
             "is longer than " + std::to_string(limit) + " characters (MetaIO's limit)");
    }
    for (char c : value) {
      const auto u = static_cast<unsigned char>(c);
      if (u < 0x20 && c != '\t') Refuse(name, value, "holds a control character");
    }
  }

  void CheckWhole(const std::string& name, const std::string& value) {
    const auto numbers = DecimalNumbers(value);
    if (!numbers) CheckHeaderNumbers(file_, name, value, false);
    const bool whole =
        numbers && numbers->size() == 1 && std::floor(numbers->front()) == numbers->front();
    long long low = INT_MIN, high = INT_MAX;
    if (name == "NDims") {
      low = 1;
      high = kMaxDimensions;
    } else if (name == "ElementNumberOfChannels") {
      low = 1;
      high = kMaxChannels;
    } else if (name == "HeaderSize") {
      low = -1;
    } else if (name == "CompressedDataSize") {
      low = 0;
      high = 1ll << 53; // exact in the double MetaIO reads it into
    }
    if (!whole || numbers->front() < static_cast<double>(low) ||
        numbers->front() > static_cast<double>(high)) {
      Refuse(name, value,
             "is not a whole number from " + std::to_string(low) + " to " + std::to_string(high));
    }
    if (name == "NDims") dimensions_ = static_cast<int>(numbers->front());
  }

  int Dimensions(const std::string& name) const {
    if (!dimensions_) {
      throw cumed::Error(InputName(file_) + ": header field " + name +
                         " comes before NDims, which gives its number of values");
    }
    return *dimensions_;
  }

  void Count(const std::string& name, const std::string& value, int expected,
             const std::string& expectation) const {
    const auto numbers = DecimalNumbers(value);
    if (!numbers) {
      CheckHeaderNumbers(file_, name, value, false); // names a NaN, an infinity, a word
      std::istringstream tokens(value);
      std::string token;
      while (tokens >> token && DecimalNumbers(token)) {
      }
      Refuse(name, value, "holds '" + Printable(token) + "', which is not a decimal number");
    }
    if (numbers->size() != static_cast<std::size_t>(expected)) {
      Refuse(name, value,
             "holds " + std::to_string(numbers->size()) + " numbers; expected " + expectation);
    }
  }

  fs::path file_;
  std::set<std::string> seen_;
  std::optional<int> dimensions_;
};

} // namespace

void CheckMetaImageForMetaIO(const fs::path& file, const MetaImageHeader& header) {
  HeaderRules rules(file);
  for (std::size_t i = 0; i < header.lines.size(); ++i) rules.Line(i + 1, header.lines[i]);
  rules.Finish();
}

} // namespace cumed::io::detail
