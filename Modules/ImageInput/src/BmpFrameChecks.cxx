// BMP frames (FrameFileChecks.h): the variants ITK 5.2's BMP reader reads correctly (found by
// experiment: a 40-byte BITMAPINFOHEADER, 8-bit paletted or 24-bit, uncompressed, bottom-up or
// top-down), the palette and every row of pixels within the file, and every 8-bit pixel an index
// into its palette (ITK looks others up beyond it).
#include "FrameFileChecks.h"

#include "cumed/core/Error.h"

#include <cstdint>
#include <string>

namespace cumed::io::detail {
namespace {

[[noreturn]] void Fail(const FrameBytes& f, const std::string& what) {
  throw Error(f.name + ": " + what);
}

std::string HeaderName(std::uint32_t size) {
  switch (size) {
  case 12:
    return " (OS/2 BITMAPCOREHEADER)";
  case 52:
  case 56:
    return " (BITMAPV2/V3INFOHEADER)";
  case 64:
    return " (OS/2 BITMAPINFOHEADER2)";
  case 108:
    return " (BITMAPV4HEADER)";
  case 124:
    return " (BITMAPV5HEADER)";
  default:
    return "";
  }
}

} // namespace

void CheckBmpFrame(const FrameBytes& f) {
  const unsigned char* d = f.data;
  if (f.size < 18)
    Fail(f,
         "the BMP file header needs 18 bytes, but the file ends after " + std::to_string(f.size));
  const std::uint32_t dataOffset = Read32(d + 10, false);
  const std::uint32_t headerSize = Read32(d + 14, false);
  if (headerSize != 40)
    Fail(f, "DIB header size " + std::to_string(headerSize) + HeaderName(headerSize) +
                " is not read correctly by ITK's BMP reader, which takes the 40-byte "
                "BITMAPINFOHEADER only; save the frame as a plain 8- or 24-bit BMP");
  if (f.size < 54)
    Fail(f, "the BMP headers need 54 bytes, but the file ends after " + std::to_string(f.size));
  const auto width = static_cast<std::int32_t>(Read32(d + 18, false));
  const auto height = static_cast<std::int32_t>(Read32(d + 22, false));
  const std::uint32_t planes = Read16(d + 26, false);
  const std::uint32_t bits = Read16(d + 28, false);
  const std::uint32_t compression = Read32(d + 30, false);
  const std::uint32_t coloursUsed = Read32(d + 46, false);
  if (width <= 0) Fail(f, "width " + std::to_string(width) + " is not > 0");
  if (height == 0 || height == INT32_MIN)
    Fail(f,
         "height " + std::to_string(height) + " is not a row count (> 0 bottom-up, < 0 top-down)");
  if (planes != 1) Fail(f, "planes " + std::to_string(planes) + " is not 1");
  if (bits == 32)
    Fail(f, "bits per pixel 32 is not read correctly by ITK's BMP reader (it takes the 4th byte "
            "as alpha); save the frame as an 8- or 24-bit BMP");
  if (bits != 8 && bits != 24)
    Fail(f, "bits per pixel " + std::to_string(bits) +
                " is not read by ITK's BMP reader (8 or 24 only); save the frame as an 8- or "
                "24-bit BMP");
  if (compression != 0)
    Fail(f, "compression " + std::to_string(compression) +
                (compression == 1   ? " (RLE8)"
                 : compression == 2 ? " (RLE4)"
                 : compression == 3 ? " (BITFIELDS)"
                                    : "") +
                " is not accepted; save the frame as an uncompressed BMP (compression 0)");
  if (coloursUsed > 256)
    Fail(f, "colours used " + std::to_string(coloursUsed) + " is more than 256");
  const std::uint64_t rows = height < 0 ? std::uint64_t(-std::int64_t(height)) : height;
  CheckFrameFitsInMemory(f, std::uint64_t(width), rows, 3);
  const std::uint64_t paletteEntries = bits == 8 && coloursUsed == 0 ? 256 : coloursUsed;
  const std::uint64_t paletteEnd = 54 + 4 * paletteEntries;
  if (paletteEnd > f.size)
    Fail(f, "the palette of " + std::to_string(paletteEntries) +
                " colours (4 bytes each, from byte 54) needs " + std::to_string(paletteEnd) +
                " bytes, but the file ends after " + std::to_string(f.size));
  if (dataOffset < paletteEnd)
    Fail(f, "pixel data offset " + std::to_string(dataOffset) + " lies inside the headers" +
                (paletteEntries ? " and palette" : std::string()) + " (which end at byte " +
                std::to_string(paletteEnd) + ")");
  const std::uint64_t stride = (std::uint64_t(width) * bits + 31) / 32 * 4;
  const std::uint64_t needed = stride * rows;
  if (dataOffset > f.size || needed > f.size - dataOffset)
    Fail(f, "the pixel data at byte " + std::to_string(dataOffset) + " need " +
                std::to_string(rows) + " rows of " + std::to_string(stride) + " bytes (" +
                std::to_string(width) + " pixels of " + std::to_string(bits) +
                " bits, padded to 4 bytes) = " + std::to_string(needed) +
                " bytes, but the file ends after " + std::to_string(f.size) + " (truncated)");
  if (bits == 8) {
    for (std::uint64_t r = 0; r < rows; ++r) {
      const unsigned char* row = d + dataOffset + r * stride;
      for (std::int32_t x = 0; x < width; ++x) {
        if (row[x] >= paletteEntries) {
          const std::uint64_t y = height < 0 ? r : rows - 1 - r;
          Fail(f, "pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                      ") has palette index " + std::to_string(row[x]) +
                      ", but the palette holds only " + std::to_string(paletteEntries) +
                      " colours");
        }
      }
    }
  }
}

} // namespace cumed::io::detail
