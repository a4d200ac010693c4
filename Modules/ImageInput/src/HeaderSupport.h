#pragma once
// What the format readers of ImageFileData share: file sizes, lower case, whole-number header
// fields and the data file a header names.
#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::io::detail {

/// The size of `file`, 0 when it cannot be read.
std::uint64_t FileSize(const std::filesystem::path& file);

std::string Lowercase(std::string text);

/// `text` for a message: its first 60 bytes, control and non-ASCII bytes as \xNN, and its length
/// when it is longer.
std::string Printable(const std::string& text);

bool EndsWith(const std::string& text, const std::string& suffix);

/// The data file `name` that `header`'s `field` names, relative to the header's directory. Throws
/// cumed::Error naming the header, the field and the name unless it is a regular file other
/// than the header (/dev/zero, '.', a missing file and the header itself are refused).
std::filesystem::path DataFileOf(const std::filesystem::path& header, const std::string& field,
                                 const std::string& name);

/// `text` as a whole number, or cumed::Error naming the file, the field and the text.
std::int64_t WholeNumber(const std::filesystem::path& file, const std::string& field,
                         const std::string& text);

} // namespace cumed::io::detail
