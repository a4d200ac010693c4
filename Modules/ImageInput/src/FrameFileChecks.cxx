#include "FrameFileChecks.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"
#include "cumed/io/ImageInputChecks.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>

namespace cumed::io::detail {
namespace fs = std::filesystem;

namespace {

enum class FrameFormat { None, Png, Bmp, Tiff, Jpeg };

const unsigned char kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

// JPEG only for pictures: it is not a PIV frame format, and ReadFrame leaves it to ITK.
FrameFormat FormatOfExtension(const fs::path& file, PictureUse use) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (extension == ".png") return FrameFormat::Png;
  if (extension == ".bmp") return FrameFormat::Bmp;
  if (extension == ".tif" || extension == ".tiff") return FrameFormat::Tiff;
  if (use == PictureUse::Picture && (extension == ".jpg" || extension == ".jpeg"))
    return FrameFormat::Jpeg;
  return FrameFormat::None;
}

bool IsTiffHeader(const unsigned char* p, std::size_t n) {
  return n >= 4 && ((p[0] == 'I' && p[1] == 'I' && (p[2] == 42 || p[2] == 43) && p[3] == 0) ||
                    (p[0] == 'M' && p[1] == 'M' && p[2] == 0 && (p[3] == 42 || p[3] == 43)));
}

// The format ITK would pick by content alone (its PNG and TIFF readers look at the bytes, not the
// name; its BMP reader needs the .bmp extension).
FrameFormat FormatOfContent(const unsigned char* p, std::size_t n) {
  if (n >= 8 && std::memcmp(p, kPngSignature, 8) == 0) return FrameFormat::Png;
  if (IsTiffHeader(p, n)) return FrameFormat::Tiff;
  return FrameFormat::None;
}

// Up to 8 bytes from the start of a regular file, opened without waiting.
std::string FirstBytes(const fs::path& file, const std::string& name) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw InvalidArgument(name + " cannot be opened (" + std::strerror(errno) + ")");
  struct stat status {};
  char buffer[8];
  ssize_t n = -1;
  if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode)) n = ::read(fd, buffer, sizeof buffer);
  ::close(fd);
  if (n < 0) throw InvalidArgument(name + " is not a regular file that can be read");
  return std::string(buffer, static_cast<std::size_t>(n));
}

const char* FormatName(FrameFormat format) {
  switch (format) {
  case FrameFormat::Png:
    return "PNG";
  case FrameFormat::Bmp:
    return "BMP";
  case FrameFormat::Tiff:
    return "TIFF";
  default:
    return "";
  }
}

std::string Hex(const unsigned char* p, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string text;
  for (std::size_t i = 0; i < n; ++i) {
    if (i) text += ' ';
    text += digits[p[i] >> 4];
    text += digits[p[i] & 15];
  }
  return text;
}

} // namespace

std::uint32_t Read16(const unsigned char* p, bool bigEndian) {
  return bigEndian ? (std::uint32_t(p[0]) << 8) | p[1] : (std::uint32_t(p[1]) << 8) | p[0];
}

std::uint32_t Read32(const unsigned char* p, bool bigEndian) {
  return bigEndian ? (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) |
                         (std::uint32_t(p[2]) << 8) | p[3]
                   : (std::uint32_t(p[3]) << 24) | (std::uint32_t(p[2]) << 16) |
                         (std::uint32_t(p[1]) << 8) | p[0];
}

void CheckFrameFitsInMemory(const FrameBytes& frame, std::uint64_t width, std::uint64_t height,
                            std::uint64_t bytesPerPixel) {
  const std::uint64_t pixels = VoxelCount(frame.file, {width, height});
  // ITK's buffer as read, the frame it becomes (up to 4 bytes a pixel) and a copy of each.
  const std::uint64_t perPixel = 2 * (bytesPerPixel + 4);
  if (pixels > std::numeric_limits<std::uint64_t>::max() / perPixel)
    throw Error(frame.name + ": size " + SizeText({width, height}) + " overflows 64 bits");
  CheckFitsInMemory(frame.file, SizeText({width, height}), pixels * perPixel);
}

} // namespace cumed::io::detail

namespace cumed::io {
using namespace detail;

void CheckPictureFile(const fs::path& file, PictureUse use) {
  const std::string name =
      (use == PictureUse::Frame ? "frame '" : "picture '") + file.string() + "'";
  CheckRegularInputFile(file, name); // a FIFO or directory is refused here, never opened
  const FrameFormat byName = FormatOfExtension(file, use);
  if (byName == FrameFormat::None) {
    const std::string first = FirstBytes(file, name);
    if (FormatOfContent(reinterpret_cast<const unsigned char*>(first.data()), first.size()) ==
        FrameFormat::None)
      return; // MetaImage, NRRD, NIfTI...: ImageFiles.h's checks
  }
  // The whole file, up to half of the memory available (a frame is read whole by ITK too).
  const std::string bytes = ReadRegularInputFile(file, name, AvailableMemoryBytes() / 2);
  FrameBytes frame;
  frame.file = file;
  frame.name = name;
  frame.use = use;
  frame.data = reinterpret_cast<const unsigned char*>(bytes.data());
  frame.size = bytes.size();
  if (byName == FrameFormat::Jpeg) { // by its markers alone: no JPEG signature rule here
    CheckJpegPicture(frame);
    return;
  }
  FrameFormat format = FormatOfContent(frame.data, bytes.size());
  if (format == FrameFormat::None && bytes.size() >= 2 && bytes[0] == 'B' && bytes[1] == 'M')
    format = FrameFormat::Bmp;
  if (byName != FrameFormat::None && format != byName) {
    throw Error(name + " is named as a " + FormatName(byName) + " file but " +
                (bytes.empty()
                     ? std::string("is empty")
                     : "starts with the bytes " +
                           Hex(frame.data, std::min<std::size_t>(bytes.size(), 8)) +
                           (format == FrameFormat::None
                                ? std::string(", no known image signature")
                                : std::string(", a ") + FormatName(format) + " signature")) +
                " (the " + FormatName(byName) + " signature is " +
                (byName == FrameFormat::Png   ? "89 50 4e 47 0d 0a 1a 0a"
                 : byName == FrameFormat::Bmp ? "'BM'"
                                              : "'II' 42 or 'MM' 42") +
                ")");
  }
  switch (format) {
  case FrameFormat::Png:
    CheckPngFrame(frame);
    break;
  case FrameFormat::Bmp:
    CheckBmpFrame(frame);
    break;
  case FrameFormat::Tiff:
    CheckTiffFrame(frame);
    break;
  default:
    break;
  }
}

} // namespace cumed::io
