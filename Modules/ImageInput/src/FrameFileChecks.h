#pragma once
// CuMed's own checks of 2D frame files (PNG, BMP, TIFF) before ITK's readers, libpng or libtiff
// see them (FrameFiles.h's ReadFrame). The file is read whole (a FIFO or directory is refused by
// stat, never opened) and its container is checked against its real length: what passes cannot
// make libpng abort, libtiff or ITK read beyond the file, or ITK return values other than the
// ones stored; a truncated or inconsistent file, or a variant ITK 5.2 misreads, is refused with a
// cumed::Error naming the file, the field and the value. No ITK header here.
//   FrameFileChecks.cxx  which format a file holds (its extension and first bytes), the size
//                        against memory, the byte reader the format checks share
//   PngFrameChecks.cxx, BmpFrameChecks.cxx, TiffFrameChecks.cxx  one format each
//   TiffStripChecks.cxx  TIFF's compressed strips decoded to count their bytes
#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::io::detail {

/// Checks `file` when it is (by extension .png/.bmp/.tif/.tiff, any case, or by its first bytes:
/// the PNG signature or a TIFF header) a PNG, BMP or TIFF frame; other files are left to
/// ImageFiles.h's checks. Throws cumed::InvalidArgument when it is not a regular file and
/// cumed::Error for everything else.
void CheckFrameFile(const std::filesystem::path& file);

/// A frame file held in memory while it is checked; `name` starts every message ("frame 'a.png'").
struct FrameBytes {
  std::filesystem::path file;
  std::string name;
  const unsigned char* data = nullptr;
  std::uint64_t size = 0;
};

/// Refuses `claim` (width x height pixels of `bytesPerPixel` as ITK holds them while reading)
/// when the machine's memory cannot take it (ImageInputChecks.h's CheckFitsInMemory), before
/// anything of that size is allocated or inflated.
void CheckFrameFitsInMemory(const FrameBytes& frame, std::uint64_t width, std::uint64_t height,
                            std::uint64_t bytesPerPixel);

/// Unsigned integers at a byte position, little- or big-endian; the caller has checked the range.
std::uint32_t Read16(const unsigned char* p, bool bigEndian);
std::uint32_t Read32(const unsigned char* p, bool bigEndian);

/// The format checks (each assumes its signature was seen).
void CheckPngFrame(const FrameBytes& frame);
void CheckBmpFrame(const FrameBytes& frame);
void CheckTiffFrame(const FrameBytes& frame);

/// What is wrong with the compressed data of one TIFF strip or tile (`count` bytes at `data`)
/// that must decode to `need` bytes (PackBits: `rows` rows of `rowBytes`, each packed alone), as
/// the end of a sentence ("do not inflate (...)"), or "" when they decode to at least that.
std::string DeflateProblem(const unsigned char* data, std::uint64_t count, std::uint64_t need);
std::string PackBitsProblem(const unsigned char* data, std::uint64_t count, std::uint64_t rows,
                            std::uint64_t rowBytes);
std::string LzwProblem(const unsigned char* data, std::uint64_t count, std::uint64_t need);

} // namespace cumed::io::detail
