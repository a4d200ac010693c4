#include "HeaderSupport.h"

#include "cumed/io/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::io::detail {

std::uint64_t FileSize(const fs::path& file) {
  std::error_code error;
  const auto size = fs::file_size(file, error);
  return error ? 0 : static_cast<std::uint64_t>(size);
}

std::string Lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string Printable(const std::string& text) {
  constexpr std::size_t kShown = 60;
  std::string shown;
  for (std::size_t i = 0; i < text.size() && i < kShown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      shown += static_cast<char>(c);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      shown += escaped;
    }
  }
  if (text.size() > kShown) shown += "... (" + std::to_string(text.size()) + " characters)";
  return shown;
}

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

fs::path DataFileOf(const fs::path& header, const std::string& field, const std::string& name) {
  const fs::path named(name);
  const fs::path data = named.is_absolute() ? named : header.parent_path() / named;
  std::error_code error;
  if (!fs::is_regular_file(data, error)) {
    throw cumed::Error(InputName(header) + ": its data file (" + field + " = '" + name + "', " +
                       data.string() + ") " +
                       (fs::exists(data, error) ? "is not a regular file" : "does not exist"));
  }
  if (fs::equivalent(data, header, error)) {
    throw cumed::Error(InputName(header) + ": its data file (" + field + " = '" + name +
                       "') is the header itself");
  }
  return data;
}

std::int64_t WholeNumber(const fs::path& file, const std::string& field, const std::string& text) {
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  throw cumed::Error(InputName(file) + ": header field " + field + " = '" + text +
                     "' is not a whole number");
}

} // namespace cumed::io::detail
