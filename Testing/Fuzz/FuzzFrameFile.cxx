// libFuzzer target: the 2D frames cumed-piv, Python and the PIV module read (cumed::io::ReadFrame):
// CuMed's own PNG, BMP and TIFF checks, then ITK's readers (libpng, libtiff) on what passes. The
// first byte picks .png, .bmp or .tif and whether PNG CRCs are repaired first
// (FrameFileSelector.h), the rest is the file. Documented refusals (cumed::Error) are fine; a
// crash, an abort (libpng's errors abort under ITK), a read beyond a buffer or anything else is a
// finding.
#include "FrameFileSelector.h"
#include "FuzzSupport.h"
#include "cumed/core/Error.h"
#include "cumed/io/FrameFiles.h"

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

// The chunks after the 8-byte signature, each given the CRC of its type and data (where the file
// holds all of it), so that a mutation of a chunk's contents is not refused for its CRC alone.
void RepairPngCrcs(std::string& png) {
  std::size_t at = 8;
  while (at + 12 <= png.size()) {
    const auto byte = [&](std::size_t i) {
      return std::uint32_t(static_cast<unsigned char>(png[i]));
    };
    const std::uint32_t length =
        byte(at) << 24 | byte(at + 1) << 16 | byte(at + 2) << 8 | byte(at + 3);
    if (length > png.size() - at - 12) break;
    const std::uint32_t crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(png.data() + at + 4), uInt(4 + length)));
    for (int i = 0; i < 4; ++i) png[at + 8 + length + i] = char(crc >> (24 - 8 * i));
    at += 12 + std::size_t(length);
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const cumed::fuzz::ScratchDirectory scratch("frame-file");
  scratch.Clear(); // one file at a time, whatever its extension
  const auto& extensions = cumed::fuzz::FrameFileExtensions();
  const std::string extension = extensions[data[0] % extensions.size()];
  std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if (extension == ".png" && cumed::fuzz::RepairsPngCrcs(data[0])) RepairPngCrcs(bytes);
  const std::string file = scratch.Write(
      "frame" + extension, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  try {
    const cumed::Image frame = cumed::io::ReadFrame(file);
    // Touch every byte of the pixels (ASan sees a buffer shorter than the geometry claims).
    const auto* bytes = static_cast<const unsigned char*>(frame.data());
    volatile unsigned sink = 0;
    for (std::size_t i = 0; i < frame.sizeInBytes(); ++i) sink = sink + bytes[i];
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
