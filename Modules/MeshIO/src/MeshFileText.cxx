// The pieces the mesh file readers share: the file's bytes (regular files only), refusals, and
// numbers parsed whole.
#include "MeshFileFormats.h"

#include "cumed/core/Error.h"

#include <fcntl.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cumed::meshio::detail {
namespace {

std::string FileKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

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

namespace {

struct stat StatRegularFile(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) Refuse(path, "no such file");
    Refuse(path, std::string("cannot be examined (") + std::strerror(errno) + ")");
  }
  if (!S_ISREG(status.st_mode))
    Refuse(path, "is " + FileKind(status.st_mode) + ", not a regular file");
  return status;
}

} // namespace

void CheckMeshFileIsRegular(const std::string& path) {
  StatRegularFile(path);
}

std::string LoadMeshFile(const std::string& path) {
  const struct stat before = StatRegularFile(path);
  // O_NONBLOCK: should a FIFO replace the file after the check, opening it does not wait.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) Refuse(path, std::string("cannot be opened (") + std::strerror(errno) + ")");
  struct Close {
    int fd;
    ~Close() { ::close(fd); }
  } closeAtEnd{fd};
  struct stat opened {};
  if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode) || opened.st_dev != before.st_dev ||
      opened.st_ino != before.st_ino)
    Refuse(path, "changed while it was opened (it is not the regular file examined)");
  const auto size = static_cast<std::uint64_t>(opened.st_size);
  std::string bytes;
  try {
    bytes.resize(size);
  } catch (const std::exception&) {
    Refuse(path, "its " + std::to_string(size) + " bytes do not fit in memory");
  }
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) Refuse(path, std::string("cannot be read (") + std::strerror(errno) + ")");
    if (got == 0)
      Refuse(path, "ended after " + std::to_string(done) + " of its " + std::to_string(size) +
                       " bytes while it was read (changed by another program?)");
    done += static_cast<std::size_t>(got);
  }
  return bytes;
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
