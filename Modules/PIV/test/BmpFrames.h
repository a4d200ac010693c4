#pragma once
// A minimal reader of the 8-bit palette BMP frames in ../shared/data/piv (tests only; the
// application will read frames through ITK/VTK). Grey value = the palette entry's green.
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace cumed::piv::test {

inline std::uint32_t Le32(const std::vector<unsigned char>& b, std::size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (std::uint32_t(b[at + 3]) << 24);
}

/// The frame as float, or throws cumed::Error naming the file and what is unsupported.
inline Image ReadBmpFrame(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
  if (b.size() < 54 || b[0] != 'B' || b[1] != 'M') throw Error(path + ": not a BMP file");
  const std::uint32_t offset = Le32(b, 10);
  const std::int32_t width = std::int32_t(Le32(b, 18)), height = std::int32_t(Le32(b, 22));
  const int bits = b[28] | (b[29] << 8);
  if (bits != 8 || Le32(b, 30) != 0 || width <= 0 || height == 0)
    throw Error(path + ": only uncompressed 8-bit BMP frames are read here");
  const std::size_t rows = std::size_t(std::abs(height)), stride = (std::size_t(width) + 3) & ~3u;
  if (b.size() < offset + stride * rows || offset < 54 + 1024)
    throw Error(path + ": truncated (" + std::to_string(b.size()) + " bytes)");
  ImageGeometry g;
  g.size = {std::size_t(width), rows, 1};
  Image image = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host);
  float* out = image.view<float>().data;
  for (std::size_t r = 0; r < rows; ++r) {
    const std::size_t stored = height > 0 ? rows - 1 - r : r; // positive height: bottom-up
    for (std::size_t x = 0; x < std::size_t(width); ++x)
      out[r * width + x] = float(b[54 + 4 * b[offset + stored * stride + x] + 1]);
  }
  return image;
}

/// ../shared/data/piv/<name> beside the checkout (CUMED_SOURCE_DIR), or nothing.
inline std::optional<std::string> SharedPivData(const std::string& name) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const std::string path = std::string(source ? source : ".") + "/../shared/data/piv/" + name;
  std::ifstream probe(path);
  if (!probe) return std::nullopt;
  return path;
}

} // namespace cumed::piv::test
