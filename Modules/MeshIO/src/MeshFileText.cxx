// The pieces the mesh file readers share: the file's bytes (regular files only), refusals, and
// numbers parsed whole.
#include "MeshFileFormats.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"

#include <locale.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cumed::meshio::detail {
namespace {

locale_t CLocale() {
  static const locale_t locale = newlocale(LC_ALL_MASK, "C", locale_t(0));
  return locale;
}

/// A number's text as strtod wants it (NUL-terminated), or empty when it cannot be one: empty,
/// starting with a space (strtod would skip it), or absurdly long.
bool NumberText(std::string_view text, char (&buffer)[128]) {
  if (text.empty() || text.size() >= sizeof(buffer)) return false;
  const unsigned char first = static_cast<unsigned char>(text[0]);
  if (!(std::isdigit(first) || first == '+' || first == '-' || first == '.' || std::isalpha(first)))
    return false;
  std::memcpy(buffer, text.data(), text.size());
  buffer[text.size()] = '\0';
  return true;
}

} // namespace

void Refuse(const std::string& path, const std::string& what) {
  throw InvalidArgument("mesh file " + path + ": " + what);
}

void CheckMeshFileIsRegular(const std::string& path) {
  CheckRegularInputFile(path, "mesh file " + path + ":");
}

std::string LoadMeshFile(const std::string& path) {
  return ReadRegularInputFile(path, "mesh file " + path + ":", SIZE_MAX);
}

bool ParseInteger(std::string_view text, std::int64_t& value) {
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  return !text.empty() && result.ec == std::errc() && result.ptr == end;
}

bool ParseUnsigned(std::string_view text, std::uint64_t& value) {
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  if (text.empty() || text[0] == '-') return false;
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  return result.ec == std::errc() && result.ptr == end;
}

bool ParseReal(std::string_view text, double& value) {
  char buffer[128];
  if (!NumberText(text, buffer)) return false;
  char* end = nullptr;
  value = strtod_l(buffer, &end, CLocale());
  return end == buffer + text.size();
}

bool ParseFloat(std::string_view text, float& value) {
  char buffer[128];
  if (!NumberText(text, buffer)) return false;
  char* end = nullptr;
  value = strtof_l(buffer, &end, CLocale());
  return end == buffer + text.size();
}

std::string_view TakeLine(std::string_view bytes, std::size_t& at) {
  const std::size_t end = bytes.find('\n', at);
  const std::string_view line =
      bytes.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
  at = end == std::string_view::npos ? bytes.size() : end + 1;
  return line;
}

std::vector<std::string_view> SplitWords(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n';
  };
  while (at < line.size()) {
    while (at < line.size() && space(line[at])) ++at;
    const std::size_t start = at;
    while (at < line.size() && !space(line[at])) ++at;
    if (at > start) words.push_back(line.substr(start, at - start));
  }
  return words;
}

std::string Quote(std::string_view text) {
  std::string quoted = "'";
  const std::size_t shown = std::min<std::size_t>(text.size(), 40);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      quoted.push_back(static_cast<char>(c));
    } else {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "\\x%02x", c);
      quoted += hex;
    }
  }
  if (shown < text.size()) quoted += "...";
  return quoted + "'";
}

} // namespace cumed::meshio::detail
