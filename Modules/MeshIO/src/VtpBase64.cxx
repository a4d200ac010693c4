#include "VtpBase64.h"

namespace cumed::meshio::detail {
namespace {

int Sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

} // namespace

bool DecodeBase64(std::string_view text, std::string& bytes, std::size_t& bad) {
  bytes.clear();
  if (text.size() % 4 != 0) {
    bad = text.size() - text.size() % 4;
    return false;
  }
  bytes.reserve(text.size() / 4 * 3);
  for (std::size_t at = 0; at < text.size(); at += 4) {
    const bool last = at + 4 == text.size();
    // '=' may pad only the last group, as its last one or two characters.
    const int padding =
        last ? (text[at + 3] == '=') + (text[at + 3] == '=' && text[at + 2] == '=') : 0;
    unsigned value = 0;
    for (int k = 0; k < 4; ++k) {
      const int sextet = k >= 4 - padding ? 0 : Sextet(text[at + k]);
      if (sextet < 0) {
        bad = at + k;
        return false;
      }
      value = value << 6 | static_cast<unsigned>(sextet);
    }
    bytes.push_back(static_cast<char>(value >> 16));
    if (padding < 2) bytes.push_back(static_cast<char>(value >> 8 & 0xff));
    if (padding < 1) bytes.push_back(static_cast<char>(value & 0xff));
  }
  return true;
}

} // namespace cumed::meshio::detail
