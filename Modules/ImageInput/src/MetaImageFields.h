#pragma once
// The "Key = value" lines of a MetaImage header (.mha, .mhd) up to ElementDataFile, the last
// field MetaIO reads before the data. Shared by the input checks (where the data are, which
// values are numbers) and the output checks (which data files an input names).
#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <vector>

namespace cumed::io {

struct MetaImageFields {
  std::map<std::string, std::string> values; ///< key -> value, both without surrounding blanks
  /// ElementDataFile's value as MetaIO takes it: the rest of the line after '=', leading
  /// blanks and a trailing CR removed, trailing blanks kept (they belong to a file name).
  std::string dataFileAsWritten;
  /// The lines read, as written (without their '\n'), for checks of the header's form.
  std::vector<std::string> lines;
  bool hasDataFile = false; ///< an ElementDataFile line was found
  std::uint64_t end = 0;    ///< offset of the first byte after the last line read
};

/// Reads lines of `in` until the ElementDataFile line (or `maxBytes` or the end), leaving `in`
/// just after it, so that a LIST's names can be read next.
MetaImageFields ReadMetaImageFields(std::istream& in, std::uint64_t maxBytes = 1 << 20);

/// `text` without leading and trailing spaces, tabs and CRs.
std::string TrimBlanks(const std::string& text);

} // namespace cumed::io
