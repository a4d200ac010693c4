// PNG frames and pictures (FrameFileChecks.h): the chunk structure against the file's length and
// CRCs, the IHDR combinations libpng accepts and ITK reads correctly, PLTE where needed, and the
// IDAT data inflated (in pieces, never whole) to exactly the filtered scanlines the IHDR needs,
// each with a filter type 0..4. libpng's errors abort the process under ITK's PNG reader, so
// nothing that would make libpng raise one (as opposed to a warning) may pass. One parser for
// both uses: a picture (PictureUse::Picture) may carry alpha, a PIV frame may not.
#include "FrameFileChecks.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageInputChecks.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace cumed::io::detail {
namespace {

// libpng's default limits (pnglibconf.h): larger widths/heights and non-IDAT chunks are errors.
constexpr std::uint32_t kPngMaxDimension = 1000000;
constexpr std::uint64_t kPngMaxChunk = 8000000;
constexpr std::uint32_t kPngMaxLength = 0x7fffffffu;
// What a compared picture costs per pixel while read: ITK's buffer (up to 4 channels of 16 bits)
// and the comparison's copy of each channel as a double.
constexpr std::uint64_t kPictureBytesPerPixel = 8 + 4 * sizeof(double);

std::string Hex32(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}

std::string ChunkName(const unsigned char* type) {
  std::string name;
  for (int i = 0; i < 4; ++i) {
    const unsigned char c = type[i];
    if (c >= 0x20 && c < 0x7f && c != '\'') {
      name += static_cast<char>(c);
    } else {
      char text[8];
      std::snprintf(text, sizeof text, "\\x%02x", c);
      name += text;
    }
  }
  return name;
}

bool IsLetter(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

struct Ihdr {
  std::uint32_t width = 0, height = 0;
  unsigned bitDepth = 0, colourType = 0, interlace = 0;
  unsigned channels = 1;
};

// The rows of the filtered image data: (bytes after the filter byte, number of rows) per pass.
std::vector<std::pair<std::uint64_t, std::uint64_t>> RowRuns(const Ihdr& h) {
  const auto rowBytes = [&](std::uint64_t width) {
    return (width * h.channels * h.bitDepth + 7) / 8;
  };
  std::vector<std::pair<std::uint64_t, std::uint64_t>> runs;
  if (h.interlace == 0) {
    runs.emplace_back(rowBytes(h.width), h.height);
    return runs;
  }
  // Adam7: the 7 passes' start and step in x and y.
  const unsigned x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
  const unsigned y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
  for (int pass = 0; pass < 7; ++pass) {
    const std::uint64_t w = h.width > x0[pass] ? (h.width - x0[pass] + dx[pass] - 1) / dx[pass] : 0;
    const std::uint64_t r =
        h.height > y0[pass] ? (h.height - y0[pass] + dy[pass] - 1) / dy[pass] : 0;
    if (w > 0 && r > 0) runs.emplace_back(rowBytes(w), r);
  }
  return runs;
}

class PngChecker {
public:
  explicit PngChecker(const FrameBytes& frame) : f_(frame) {}

  void Run() {
    std::uint64_t pos = 8;
    bool seenIend = false;
    while (pos < f_.size && !seenIend) seenIend = Chunk(pos);
    if (!seenIend)
      Fail("does not end with IEND: the file ends after " + std::to_string(f_.size) +
           " bytes without an IEND chunk (truncated)");
    if (pos != f_.size)
      Fail("has " + std::to_string(f_.size - pos) +
           " bytes after its IEND chunk (which ends at byte " + std::to_string(pos) + ")");
    if (idat_.empty()) Fail("has no IDAT chunk (no image data)");
    CheckImageData();
  }

private:
  [[noreturn]] void Fail(const std::string& what) const { throw Error(f_.name + ": " + what); }

  // One chunk at `pos`; moves `pos` past it; true for IEND.
  bool Chunk(std::uint64_t& pos) {
    const std::uint64_t left = f_.size - pos;
    if (left < 12)
      Fail("the chunk at byte " + std::to_string(pos) +
           " needs at least 12 bytes (length, type, CRC), but the file ends after " +
           std::to_string(f_.size));
    const unsigned char* p = f_.data + pos;
    const std::uint32_t length = Read32(p, true);
    const unsigned char* type = p + 4;
    const std::string name = ChunkName(type);
    const std::string where = "chunk " + name + " at byte " + std::to_string(pos);
    for (int i = 0; i < 4; ++i)
      if (!IsLetter(type[i]))
        Fail("the chunk at byte " + std::to_string(pos) + " has type '" + name +
             "', not four letters");
    if (length > kPngMaxLength)
      Fail(where + " claims " + std::to_string(length) + " bytes, more than PNG's limit 2^31-1");
    if (length > left - 12)
      Fail(where + " claims " + std::to_string(length) + " bytes, but the file ends after " +
           std::to_string(f_.size));
    const std::uint32_t stored = Read32(p + 8 + length, true);
    const std::uint32_t actual = static_cast<std::uint32_t>(
        crc32(crc32(0L, nullptr, 0), type, static_cast<uInt>(4 + length)));
    if (stored != actual)
      Fail(where + " has a wrong CRC: " + Hex32(stored) + ", but its bytes give " + Hex32(actual) +
           " (damaged)");
    const bool isIhdr = name == "IHDR", isIdat = name == "IDAT";
    if (pos == 8 && !isIhdr) Fail("the first chunk is " + name + " (at byte 8), not IHDR");
    if (pos != 8 && isIhdr) Fail(where + ": a second IHDR");
    if (!isIdat && length > kPngMaxChunk)
      Fail(where + " claims " + std::to_string(length) + " bytes, more than libpng's limit of " +
           std::to_string(kPngMaxChunk) + " for chunks other than IDAT");
    if (!isIdat && !idat_.empty()) idatEnded_ = true;
    const unsigned char* data = p + 8;
    pos += 12 + std::uint64_t(length);
    if (isIhdr) {
      Header(where, data, length);
    } else if (isIdat) {
      if (idatEnded_)
        Fail(where + ": IDAT chunks must follow one another, but another chunk came between");
      if (h_.colourType == 3 && !seenPlte_) Fail(where + ": a palette PNG needs PLTE before IDAT");
      if (length > idatLimit_)
        Fail(where + " claims " + std::to_string(length) + " bytes, more than libpng takes (" +
             std::to_string(idatLimit_) + ") for an image of this size");
      idat_.emplace_back(data, length);
      idatBytes_ += length;
    } else if (name == "PLTE") {
      Palette(where, length);
    } else if (name == "IEND") {
      if (length != 0)
        Fail(where + " claims " + std::to_string(length) + " bytes; IEND holds none");
      return true;
    } else if (name == "tRNS") {
      if (f_.use == PictureUse::Frame)
        Fail(where + ": transparency (tRNS) makes ITK's PNG reader add an alpha channel, which it "
                     "misreads; save the frame without transparency");
      // A picture read with alpha: the channel ITK adds costs what colour type 6 does.
      CheckFrameFitsInMemory(f_, h_.width, h_.height, kPictureBytesPerPixel);
    } else if (type[0] >= 'A' && type[0] <= 'Z') {
      Fail(where + ": unknown critical chunk (libpng refuses it)");
    }
    return false;
  }

  void Header(const std::string& where, const unsigned char* d, std::uint32_t length) {
    if (length != 13) Fail(where + " claims " + std::to_string(length) + " bytes; IHDR holds 13");
    h_.width = Read32(d, true);
    h_.height = Read32(d + 4, true);
    h_.bitDepth = d[8];
    h_.colourType = d[9];
    h_.interlace = d[12];
    for (const auto& [value, field] :
         {std::make_pair(h_.width, "width"), std::make_pair(h_.height, "height")})
      if (value == 0 || value > kPngMaxDimension)
        Fail(std::string("IHDR ") + field + " " + std::to_string(value) + " is not 1.." +
             std::to_string(kPngMaxDimension) + " (libpng's limit)");
    const unsigned b = h_.bitDepth;
    bool valid = false;
    switch (h_.colourType) {
    case 0:
      valid = b == 1 || b == 2 || b == 4 || b == 8 || b == 16;
      h_.channels = 1;
      break;
    case 3:
      valid = b == 1 || b == 2 || b == 4 || b == 8;
      h_.channels = 1;
      break;
    case 2:
    case 4:
    case 6:
      valid = b == 8 || b == 16;
      h_.channels = h_.colourType == 2 ? 3 : h_.colourType == 4 ? 2 : 4;
      break;
    default:
      Fail("IHDR colour type " + std::to_string(h_.colourType) + " is not 0, 2, 3, 4 or 6");
    }
    if (!valid)
      Fail("IHDR bit depth " + std::to_string(b) + " is not allowed with colour type " +
           std::to_string(h_.colourType));
    const bool alpha = h_.colourType == 4 || h_.colourType == 6;
    if (alpha && f_.use == PictureUse::Frame)
      Fail("IHDR colour type " + std::to_string(h_.colourType) +
           (h_.colourType == 4 ? " (gray with alpha)" : " (RGB with alpha)") +
           " is not read correctly by ITK's PNG reader; save the frame as gray (or RGB) without "
           "alpha");
    if (d[10] != 0) Fail("IHDR compression method " + std::to_string(d[10]) + " is not 0");
    if (d[11] != 0) Fail("IHDR filter method " + std::to_string(d[11]) + " is not 0");
    if (h_.interlace > 1)
      Fail("IHDR interlace method " + std::to_string(h_.interlace) + " is not 0 or 1");
    CheckFrameFitsInMemory(f_, h_.width, h_.height,
                           alpha ? kPictureBytesPerPixel : 3 * ((b + 7) / 8));
    // libpng's bound on one IDAT chunk: the filtered image plus deflate's overhead.
    std::uint64_t rowFactor =
        std::uint64_t(h_.width) * h_.channels * (b > 8 ? 2 : 1) + 1 + (h_.interlace ? 6 : 0);
    std::uint64_t limit = std::uint64_t(h_.height) * rowFactor;
    limit += 6 + 5 * (limit / std::min<std::uint64_t>(rowFactor, 32566) + 1);
    idatLimit_ =
        std::max<std::uint64_t>(kPngMaxChunk, std::min<std::uint64_t>(limit, kPngMaxLength));
  }

  void Palette(const std::string& where, std::uint32_t length) {
    if (seenPlte_) Fail(where + ": a second PLTE");
    if (!idat_.empty()) Fail(where + ": PLTE after the image data (IDAT)");
    if (h_.colourType == 0 || h_.colourType == 4)
      Fail(where + ": a palette in a gray PNG (colour type " + std::to_string(h_.colourType) + ")");
    if (length == 0 || length % 3 != 0 || length > 3 * 256)
      Fail(where + " claims " + std::to_string(length) +
           " bytes; a palette holds 1..256 colours of 3 bytes");
    if (h_.colourType == 3 && length / 3 > (1u << h_.bitDepth))
      Fail(where + " holds " + std::to_string(length / 3) + " colours, more than bit depth " +
           std::to_string(h_.bitDepth) + " can index");
    seenPlte_ = true;
  }

  // Inflates the IDAT data piece by piece and walks its rows: exactly the bytes the IHDR needs,
  // each row starting with a filter type 0..4, and the zlib stream ending with the last IDAT.
  void CheckImageData() {
    const auto runs = RowRuns(h_);
    std::uint64_t expected = 0;
    for (const auto& [bytes, rows] : runs) expected += (bytes + 1) * rows;
    CheckCompressedBound(f_.file, idatBytes_, expected);
    z_stream z{};
    if (inflateInit(&z) != Z_OK) Fail("zlib cannot start inflating");
    struct End {
      z_stream* z;
      ~End() { inflateEnd(z); }
    } endAtExit{&z};
    unsigned char buffer[1 << 16];
    std::uint64_t produced = 0;
    std::size_t run = 0;
    std::uint64_t rowsLeft = runs.empty() ? 0 : runs[0].second, rowLeft = 0, row = 0;
    int status = Z_OK;
    for (std::size_t i = 0; i < idat_.size() && status != Z_STREAM_END; ++i) {
      z.next_in = const_cast<unsigned char*>(idat_[i].first);
      z.avail_in = static_cast<uInt>(idat_[i].second);
      while (z.avail_in > 0 && status != Z_STREAM_END) {
        z.next_out = buffer;
        z.avail_out = sizeof buffer;
        status = inflate(&z, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
          Fail("the IDAT data do not inflate (" + std::string(z.msg ? z.msg : "zlib error") +
               ") after " + std::to_string(produced) + " of the " + std::to_string(expected) +
               " bytes the image needs");
        const std::size_t n = sizeof buffer - z.avail_out;
        for (std::size_t k = 0; k < n;) {
          if (rowLeft == 0) {
            while (rowsLeft == 0 && run + 1 < runs.size()) rowsLeft = runs[++run].second;
            if (rowsLeft == 0)
              Fail("the IDAT data inflate to more than the " + std::to_string(expected) +
                   " bytes the image needs (IHDR " + Describe() + ")");
            const unsigned filter = buffer[k];
            if (filter > 4)
              Fail("scanline " + std::to_string(row) + " has filter type " +
                   std::to_string(filter) + " (at inflated byte " + std::to_string(produced + k) +
                   "); PNG filter types are 0..4");
            rowLeft = runs[run].first;
            --rowsLeft;
            ++row;
            ++k;
          } else {
            const std::uint64_t skip = std::min<std::uint64_t>(rowLeft, n - k);
            rowLeft -= skip;
            k += skip;
          }
        }
        produced += n;
        if (status == Z_BUF_ERROR && n == 0 && z.avail_in > 0)
          Fail("the IDAT data do not inflate (zlib makes no progress)");
      }
      if (status == Z_STREAM_END) {
        std::uint64_t after = z.avail_in;
        for (std::size_t k = i + 1; k < idat_.size(); ++k) after += idat_[k].second;
        if (after > 0)
          Fail("the IDAT data hold " + std::to_string(after) +
               " bytes after the end of their zlib stream");
      }
    }
    if (status != Z_STREAM_END || produced != expected)
      Fail("the IDAT data inflate to " + std::to_string(produced) +
           (status == Z_STREAM_END ? " bytes" : " bytes and end before their zlib stream does") +
           "; the image (IHDR " + Describe() + ") needs " + std::to_string(expected) +
           " (truncated or damaged)");
  }

  std::string Describe() const {
    return std::to_string(h_.width) + "x" + std::to_string(h_.height) + ", bit depth " +
           std::to_string(h_.bitDepth) + ", colour type " + std::to_string(h_.colourType) +
           (h_.interlace ? ", interlaced" : "");
  }

  const FrameBytes& f_;
  Ihdr h_;
  bool seenPlte_ = false, idatEnded_ = false;
  std::vector<std::pair<const unsigned char*, std::uint64_t>> idat_;
  std::uint64_t idatBytes_ = 0, idatLimit_ = 0;
};

} // namespace

void CheckPngFrame(const FrameBytes& frame) {
  PngChecker(frame).Run();
}

} // namespace cumed::io::detail
