// The compressed strips and tiles of TIFF frames (FrameFileChecks.h): decoded, never kept, to
// count the bytes they give against the bytes their rows need, so that libtiff meets no decoding
// error (ITK's TIFF reader then throws and leaks its row buffer) and a damaged strip is refused.
#include "FrameFileChecks.h"

#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

namespace cumed::io::detail {

// The bytes that the compressed data of one strip or tile decode to, counted up to `need`, or a
// refusal: libtiff's decoding errors make ITK's TIFF reader throw (and leak its buffer), and a
// strip that decodes to fewer bytes than its rows need is a damaged file. Deflate (zlib),
// PackBits (each row packed alone: runs never cross a row's end) and LZW (TIFF 6 section 13:
// MSB-first codes of 9 to 12 bits starting with Clear 256, EOI 257, the width growing one code
// early).
std::string DeflateProblem(const unsigned char* data, std::uint64_t count, std::uint64_t need) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return "zlib cannot start inflating";
  unsigned char buffer[1 << 15];
  std::uint64_t produced = 0, left = count;
  const unsigned char* next = data;
  std::string problem;
  int status = Z_OK;
  while (produced < need) {
    if (z.avail_in == 0) {
      const std::uint64_t take = std::min<std::uint64_t>(left, 1u << 30);
      z.next_in = const_cast<unsigned char*>(next);
      z.avail_in = static_cast<uInt>(take);
      next += take;
      left -= take;
    }
    z.next_out = buffer;
    z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(sizeof buffer, need - produced));
    status = inflate(&z, Z_NO_FLUSH);
    produced += std::min<std::uint64_t>(sizeof buffer, need - produced) - z.avail_out;
    if (status == Z_STREAM_END) break;
    if (status != Z_OK && !(status == Z_BUF_ERROR && z.avail_in == 0 && left > 0)) {
      problem = std::string("do not inflate (") + (z.msg ? z.msg : "zlib error") + ")";
      break;
    }
    if (status == Z_BUF_ERROR && z.avail_in == 0 && left == 0) break;
  }
  inflateEnd(&z);
  if (problem.empty() && produced < need)
    problem = "inflate to " + std::to_string(produced) + " bytes";
  return problem.empty() ? ""
                         : problem + " (after " + std::to_string(produced) + " of the " +
                               std::to_string(need) + " bytes its rows need)";
}

std::string PackBitsProblem(const unsigned char* data, std::uint64_t count, std::uint64_t rows,
                            std::uint64_t rowBytes) {
  std::uint64_t at = 0;
  for (std::uint64_t row = 0; row < rows; ++row) {
    for (std::uint64_t out = 0; out < rowBytes;) {
      if (at >= count)
        return "end in row " + std::to_string(row) + " after " + std::to_string(out) + " of its " +
               std::to_string(rowBytes) + " bytes";
      const int n = static_cast<signed char>(data[at++]);
      if (n == -128) continue;
      const std::uint64_t run = n >= 0 ? std::uint64_t(n) + 1 : std::uint64_t(1 - n);
      const std::uint64_t in = n >= 0 ? run : 1;
      if (in > count - at) return "end inside a run in row " + std::to_string(row);
      if (run > rowBytes - out)
        return "hold a run of " + std::to_string(run) + " bytes across the end of row " +
               std::to_string(row);
      at += in;
      out += run;
    }
  }
  return "";
}

std::string LzwProblem(const unsigned char* data, std::uint64_t count, std::uint64_t need) {
  if (count >= 2 && data[0] == 0 && (data[1] & 1))
    return "are old-style LZW, which CuMed does not accept";
  constexpr unsigned kClear = 256, kEnd = 257, kFirst = 258, kMaxCodes = 4096;
  std::vector<std::uint32_t> length(kMaxCodes, 1);
  std::uint64_t bitPos = 0, produced = 0;
  unsigned width = 9, next = kFirst;
  bool haveOld = false;
  unsigned old = 0;
  while (produced < need) {
    if (bitPos + width > count * 8)
      return "end after " + std::to_string(produced) + " of the " + std::to_string(need) +
             " bytes their rows need";
    unsigned code = 0;
    for (unsigned b = 0; b < width; ++b, ++bitPos)
      code = (code << 1) | ((data[bitPos / 8] >> (7 - bitPos % 8)) & 1);
    if (bitPos == width && code != kClear)
      return "start with code " + std::to_string(code) + ", not the Clear code 256";
    if (code == kClear) {
      next = kFirst;
      width = 9;
      haveOld = false;
      continue;
    }
    if (code == kEnd)
      return "end (EOI code) after " + std::to_string(produced) + " of the " +
             std::to_string(need) + " bytes their rows need";
    if (!haveOld) {
      if (code >= 256) return "start with code " + std::to_string(code) + ", not a byte";
    } else {
      if (code > next) return "hold code " + std::to_string(code) + " beyond the table";
      if (next >= kMaxCodes - 1) return "overflow the LZW table (no Clear code)";
      length[next] = length[old] + 1;
      ++next;
      if (next + 1 >= (1u << width) && width < 12) ++width;
    }
    produced += length[code];
    old = code;
    haveOld = true;
  }
  return "";
}

} // namespace cumed::io::detail
