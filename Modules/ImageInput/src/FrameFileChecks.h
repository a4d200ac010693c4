#pragma once
// The parts of CuMed's picture checks (cumed/io/PictureFileChecks.h: PIV frames for ReadFrame,
// pictures for cumed-compare) that the format checks share. What passes cannot make libpng
// abort, libtiff or ITK read beyond the file, or ITK return values other than the ones stored; a
// truncated or inconsistent file, or a variant ITK 5.2 misreads, is refused with a cumed::Error
// naming the file, the field and the value. No ITK header here.
//   FrameFileChecks.cxx  CheckPictureFile: which format a file holds (its extension and first
//                        bytes), the size against memory, the byte reader the checks share
//   PngFrameChecks.cxx, BmpFrameChecks.cxx, TiffFrameChecks.cxx, JpegPictureChecks.cxx  one
//                        format each
//   TiffStripChecks.cxx  TIFF's compressed strips decoded to count their bytes
#include "cumed/io/PictureFileChecks.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::io::detail {

/// A frame or picture file held in memory while it is checked; `name` starts every message
/// ("frame 'a.png'", "picture 'a.png'"); `use` says which PNG colour types the check accepts.
struct FrameBytes {
  std::filesystem::path file;
  std::string name;
  PictureUse use = PictureUse::Frame;
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

/// The format checks (each but JPEG's assumes its signature was seen).
void CheckPngFrame(const FrameBytes& frame);
void CheckBmpFrame(const FrameBytes& frame);
void CheckTiffFrame(const FrameBytes& frame);
void CheckJpegPicture(const FrameBytes& picture);

/// What is wrong with the compressed data of one TIFF strip or tile (`count` bytes at `data`)
/// that must decode to `need` bytes (PackBits: `rows` rows of `rowBytes`, each packed alone), as
/// the end of a sentence ("do not inflate (...)"), or "" when they decode to at least that.
std::string DeflateProblem(const unsigned char* data, std::uint64_t count, std::uint64_t need);
std::string PackBitsProblem(const unsigned char* data, std::uint64_t count, std::uint64_t rows,
                            std::uint64_t rowBytes);
std::string LzwProblem(const unsigned char* data, std::uint64_t count, std::uint64_t need);

} // namespace cumed::io::detail
