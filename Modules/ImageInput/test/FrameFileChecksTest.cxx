// CuMed's own checks of PNG, BMP and TIFF frames before ITK reads them (src/FrameFileChecks.h),
// through cumed::io::ReadFrame:
//  - seeded random frames of every accepted variant (sizes from 1x1, odd widths; PNG gray 1..16
//    bits, palette and RGB, interlaced or not; BMP 8-bit palette and 24-bit, bottom-up and
//    top-down; TIFF 1/2/4/8/16-bit unsigned, 8/16-bit signed, 32-bit float, RGB, strips of any
//    height, both byte orders, uncompressed, LZW, Deflate or PackBits) written by this file's own
//    small writers and read back value for value;
//  - every truncation of a small valid file of each format refused with the file's name; random
//    byte flips refused or read as this file's own decoder reads them (PNG flips also with their
//    CRCs repaired: refused or read without a crash); lengths and offsets of 2^31
//    and 2^32-1, huge sizes, and the variants ITK misreads refused with the field and the value; a
//    FIFO named x.png refused without waiting;
//  - the public CheckPictureFile: alpha (colour type 4, tRNS) refused for frames, accepted for
//    pictures by the same PNG check; a JPEG's markers checked for pictures only.
// No ITK header here: the writers and the reference decoder are independent of ITK and libpng.
#include "cumed/core/Error.h"
#include "cumed/io/FrameFiles.h"
#include "cumed/io/PictureFileChecks.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;
using namespace cumed;

namespace {

fs::path Directory(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("cumed_frame_checks_" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void WriteFile(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), std::streamsize(bytes.size()));
}

std::string ReadFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void Put(std::string& out, std::uint64_t value, int bytes, bool bigEndian) {
  for (int i = 0; i < bytes; ++i) {
    const int shift = 8 * (bigEndian ? bytes - 1 - i : i);
    out.push_back(char((value >> shift) & 0xff));
  }
}

std::uint64_t Get(const std::string& in, std::size_t at, int bytes, bool bigEndian) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) {
    const std::uint64_t byte = static_cast<unsigned char>(in[at + i]);
    value |= byte << (8 * (bigEndian ? bytes - 1 - i : i));
  }
  return value;
}

void Set(std::string& out, std::size_t at, std::uint64_t value, int bytes, bool bigEndian) {
  std::string bytesText;
  Put(bytesText, value, bytes, bigEndian);
  out.replace(at, bytes, bytesText);
}

std::string Deflate(const std::string& data) {
  uLongf size = compressBound(uLong(data.size()));
  std::string out(size, '\0');
  compress2(reinterpret_cast<Bytef*>(&out[0]), &size, reinterpret_cast<const Bytef*>(data.data()),
            uLong(data.size()), 6);
  out.resize(size);
  return out;
}

/// A frame as ReadFrame should return it: its pixel type and values, row by row.
struct Expected {
  int width = 0, height = 0;
  PixelType type = PixelType::UInt8;
  std::vector<double> values;
  double tolerance = 0; // colour frames: ITK's luminance, truncated
};

double Luminance(double r, double g, double b) {
  return 0.2125 * r + 0.7154 * g + 0.0721 * b;
}

// ---------------------------------------------------------------------------- PNG writer
void PngChunk(std::string& out, const char* type, const std::string& data) {
  Put(out, data.size(), 4, true);
  const std::string typed = type + data;
  out += typed;
  Put(out, crc32(0, reinterpret_cast<const Bytef*>(typed.data()), uInt(typed.size())), 4, true);
}

struct PngSpec {
  int width = 1, height = 1, bitDepth = 8, colourType = 0;
  bool interlace = false;
  std::vector<std::uint32_t> samples; // per pixel: 1 (gray, palette index) or 3 (RGB)
  std::string palette;                // PLTE bytes for colour type 3
};

std::string WritePng(const PngSpec& s) {
  const int channels = s.colourType == 2 ? 3 : 1;
  // Filtered scanlines of the pixels (x, y) in `xs` x `ys`, filter 0 or 1 (Sub) per row.
  std::string raw;
  const auto rows = [&](const std::vector<int>& xs, const std::vector<int>& ys) {
    for (const int y : ys) {
      std::string row;
      std::uint32_t bitBuffer = 0;
      int bits = 0;
      for (const int x : xs)
        for (int c = 0; c < channels; ++c) {
          const std::uint32_t v = s.samples[(std::size_t(y) * s.width + x) * channels + c];
          if (s.bitDepth == 16) {
            Put(row, v, 2, true);
          } else {
            bitBuffer = (bitBuffer << s.bitDepth) | v;
            bits += s.bitDepth;
            if (bits == 8) row.push_back(char(bitBuffer)), bitBuffer = 0, bits = 0;
          }
        }
      if (bits) row.push_back(char(bitBuffer << (8 - bits)));
      const int filter = y % 2;
      if (filter == 1) { // Sub: each byte minus the one a pixel (rounded up to a byte) earlier
        const std::size_t bpp = std::max(1, channels * s.bitDepth / 8);
        for (std::size_t i = row.size(); i-- > bpp;) row[i] = char(row[i] - row[i - bpp]);
      }
      raw.push_back(char(filter));
      raw += row;
    }
  };
  const auto range = [](int start, int step, int end) {
    std::vector<int> v;
    for (int i = start; i < end; i += step) v.push_back(i);
    return v;
  };
  if (!s.interlace) {
    rows(range(0, 1, s.width), range(0, 1, s.height));
  } else {
    const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
    const int y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    for (int p = 0; p < 7; ++p) {
      const auto xs = range(x0[p], dx[p], s.width), ys = range(y0[p], dy[p], s.height);
      if (!xs.empty() && !ys.empty()) rows(xs, ys);
    }
  }
  std::string out("\x89PNG\r\n\x1a\n", 8);
  std::string ihdr;
  Put(ihdr, s.width, 4, true);
  Put(ihdr, s.height, 4, true);
  ihdr += {char(s.bitDepth), char(s.colourType), 0, 0, char(s.interlace ? 1 : 0)};
  PngChunk(out, "IHDR", ihdr);
  PngChunk(out, "tEXt", std::string("Comment\0seed frame", 18));
  if (s.colourType == 3) PngChunk(out, "PLTE", s.palette);
  // The compressed data split into two IDAT chunks (when long enough).
  const std::string z = Deflate(raw);
  PngChunk(out, "IDAT", z.substr(0, z.size() / 2));
  PngChunk(out, "IDAT", z.substr(z.size() / 2));
  PngChunk(out, "IEND", "");
  return out;
}

// ---------------------------------------------------------------------------- BMP writer
struct BmpSpec {
  int width = 1, height = 1, bits = 8;
  bool topDown = false;
  std::vector<std::uint32_t> samples; // 8-bit: palette index; 24-bit: R, G, B
  std::vector<std::array<std::uint8_t, 3>> palette;
};

std::string WriteBmp(const BmpSpec& s) {
  const std::size_t stride = (std::size_t(s.width) * s.bits + 31) / 32 * 4;
  std::string pixels;
  for (int r = 0; r < s.height; ++r) {
    const int y = s.topDown ? r : s.height - 1 - r;
    std::string row;
    for (int x = 0; x < s.width; ++x) {
      const std::size_t i = std::size_t(y) * s.width + x;
      if (s.bits == 8)
        row.push_back(char(s.samples[i]));
      else
        row += {char(s.samples[3 * i + 2]), char(s.samples[3 * i + 1]), char(s.samples[3 * i])};
    }
    row.resize(stride, '\0');
    pixels += row;
  }
  std::string palette;
  for (const auto& c : s.palette) palette += {char(c[2]), char(c[1]), char(c[0]), 0};
  const std::size_t offset = 54 + palette.size();
  std::string out = "BM";
  Put(out, offset + pixels.size(), 4, false);
  Put(out, 0, 4, false);
  Put(out, offset, 4, false);
  Put(out, 40, 4, false);
  Put(out, s.width, 4, false);
  Put(out, std::uint32_t(s.topDown ? -s.height : s.height), 4, false);
  Put(out, 1, 2, false);
  Put(out, s.bits, 2, false);
  Put(out, 0, 4, false);
  Put(out, pixels.size(), 4, false);
  Put(out, 2835, 4, false);
  Put(out, 2835, 4, false);
  Put(out, s.palette.size(), 4, false);
  Put(out, 0, 4, false);
  return out + palette + pixels;
}

// ---------------------------------------------------------------------------- TIFF writer
struct TiffSpec {
  int width = 1, height = 1, bits = 8, samplesPerPixel = 1;
  int sampleFormat = 1; // 0: no SampleFormat tag
  int photometric = 1;
  bool bigEndian = false;
  int compression = 1;            // 1 none, 5 LZW, 8 Deflate, 32773 PackBits
  std::uint32_t rowsPerStrip = 0; // 0: no RowsPerStrip tag (one strip)
  std::vector<double> samples;
  struct Text {
    int tag, type;
    std::string bytes; // one value a byte
  };
  std::vector<Text> texts; // more fields, as given
};

// TIFF LZW (MSB-first 9-bit codes): every byte as its own code, a Clear code every 200 codes so
// that the decoder's table never needs wider codes, EOI at the end.
std::string Lzw(const std::string& data) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  const auto code = [&](std::uint32_t c) {
    buffer = (buffer << 9) | c;
    bits += 9;
    while (bits >= 8) {
      out.push_back(char((buffer >> (bits - 8)) & 0xff));
      bits -= 8;
    }
  };
  code(256);
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (i > 0 && i % 200 == 0) code(256);
    code(static_cast<unsigned char>(data[i]));
  }
  code(257);
  if (bits) out.push_back(char((buffer << (8 - bits)) & 0xff));
  return out;
}

// PackBits, each row alone: runs of equal bytes (2..128) and literal runs (1..128).
std::string PackBits(const std::string& data, std::size_t rowBytes) {
  std::string out;
  for (std::size_t row = 0; row < data.size(); row += rowBytes) {
    const std::size_t end = std::min(data.size(), row + rowBytes);
    for (std::size_t i = row; i < end;) {
      std::size_t run = 1;
      while (i + run < end && run < 128 && data[i + run] == data[i]) ++run;
      if (run >= 2) {
        out.push_back(char(1 - int(run)));
        out.push_back(data[i]);
      } else {
        std::size_t n = 1;
        while (i + n < end && n < 128 && !(i + n + 1 < end && data[i + n] == data[i + n + 1])) ++n;
        out.push_back(char(n - 1));
        out.append(data, i, n);
        run = n;
      }
      i += run;
    }
  }
  return out;
}

std::string TiffRow(const TiffSpec& s, int y) {
  std::string row;
  std::uint32_t bitBuffer = 0;
  int bits = 0;
  for (int i = 0; i < s.width * s.samplesPerPixel; ++i) {
    const double v = s.samples[std::size_t(y) * s.width * s.samplesPerPixel + i];
    if (s.bits < 8) {
      bitBuffer = (bitBuffer << s.bits) | std::uint32_t(v);
      bits += s.bits;
      if (bits == 8) row.push_back(char(bitBuffer)), bitBuffer = 0, bits = 0;
    } else if (s.sampleFormat == 3) {
      const float f = float(v);
      std::uint32_t u;
      std::memcpy(&u, &f, 4);
      Put(row, u, 4, s.bigEndian);
    } else {
      Put(row, std::uint64_t(std::int64_t(v)), s.bits / 8, s.bigEndian);
    }
  }
  if (bits) row.push_back(char(bitBuffer << (8 - bits)));
  return row;
}

std::string WriteTiff(const TiffSpec& s) {
  const bool be = s.bigEndian;
  const int rowsPerStrip =
      s.rowsPerStrip ? int(std::min<std::uint32_t>(s.rowsPerStrip, s.height)) : s.height;
  std::string out = be ? "MM" : "II";
  Put(out, 42, 2, be);
  Put(out, 0, 4, be); // the IFD offset, set below
  std::vector<std::uint64_t> offsets, counts;
  for (int y0 = 0; y0 < s.height; y0 += rowsPerStrip) {
    std::string strip;
    for (int y = y0; y < std::min(s.height, y0 + rowsPerStrip); ++y) strip += TiffRow(s, y);
    if (s.compression == 8) strip = Deflate(strip);
    if (s.compression == 5) strip = Lzw(strip);
    if (s.compression == 32773) strip = PackBits(strip, TiffRow(s, 0).size());
    offsets.push_back(out.size());
    counts.push_back(strip.size());
    out += strip;
    if (out.size() % 2) out.push_back('\0');
  }
  struct Field {
    int tag, type;
    std::vector<std::uint64_t> values;
    std::string bytes = {}; // type 1, 2 or 7: the values as they are
  };
  std::vector<Field> fields{{256, 4, {std::uint64_t(s.width)}},
                            {257, 3, {std::uint64_t(s.height)}},
                            {258, 3, std::vector<std::uint64_t>(s.samplesPerPixel, s.bits)},
                            {259, 3, {std::uint64_t(s.compression)}},
                            {262, 3, {std::uint64_t(s.photometric)}},
                            {273, 4, offsets},
                            {277, 3, {std::uint64_t(s.samplesPerPixel)}},
                            {279, 4, counts}};
  if (s.rowsPerStrip) fields.push_back({278, 4, {s.rowsPerStrip}});
  if (s.sampleFormat)
    fields.push_back(
        {339, 3, std::vector<std::uint64_t>(s.samplesPerPixel, std::uint64_t(s.sampleFormat))});
  for (const TiffSpec::Text& t : s.texts) fields.push_back({t.tag, t.type, {}, t.bytes});
  std::sort(fields.begin(), fields.end(), [](auto& a, auto& b) { return a.tag < b.tag; });
  const std::size_t ifd = out.size();
  Set(out, 4, ifd, 4, be);
  std::string extra;
  const std::size_t extraAt = ifd + 2 + 12 * fields.size() + 4;
  Put(out, fields.size(), 2, be);
  for (const Field& f : fields) {
    const int size = f.type == 3 ? 2 : 4;
    std::string values = f.bytes;
    for (const std::uint64_t v : f.values) Put(values, v, size, be);
    Put(out, f.tag, 2, be);
    Put(out, f.type, 2, be);
    Put(out, f.bytes.empty() ? f.values.size() : f.bytes.size(), 4, be);
    if (values.size() <= 4) {
      values.resize(4, '\0');
      out += values;
    } else {
      Put(out, extraAt + extra.size(), 4, be);
      extra += values;
    }
  }
  Put(out, 0, 4, be);
  return out + extra;
}

// ---------------------------------------------------------------------------- random frames
struct Case {
  std::string name; // file name
  std::string bytes;
  Expected expected;
};

Case RandomCase(std::mt19937& random, int kind) {
  const auto uniform = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(random);
  };
  static const int sizes[] = {1, 1, 2, 3, 5, 7, 8, 9, 16, 17, 31};
  Case c;
  Expected& e = c.expected;
  e.width = sizes[uniform(0, 10)];
  e.height = sizes[uniform(0, 10)];
  const std::size_t n = std::size_t(e.width) * e.height;
  if (kind == 0) { // PNG
    PngSpec s;
    s.width = e.width;
    s.height = e.height;
    s.interlace = uniform(0, 1);
    const int variant = uniform(0, 7);
    if (variant <= 4) { // gray 1, 2, 4, 8, 16
      static const int depths[] = {1, 2, 4, 8, 16};
      s.bitDepth = depths[variant];
      const std::uint32_t top = (1u << s.bitDepth) - 1;
      for (std::size_t i = 0; i < n; ++i) {
        s.samples.push_back(std::uniform_int_distribution<std::uint32_t>(0, top)(random));
        // ITK (libpng) expands 1/2/4-bit gray to 0..255.
        e.values.push_back(s.bitDepth < 8 ? s.samples.back() * 255.0 / top : s.samples.back());
      }
      e.type = s.bitDepth == 16 ? PixelType::UInt16 : PixelType::UInt8;
    } else if (variant <= 6) { // RGB 8 or 16
      s.colourType = 2;
      s.bitDepth = variant == 5 ? 8 : 16;
      const std::uint32_t top = (1u << s.bitDepth) - 1;
      for (std::size_t i = 0; i < n; ++i) {
        double rgb[3];
        for (double& v : rgb) {
          s.samples.push_back(std::uniform_int_distribution<std::uint32_t>(0, top)(random));
          v = s.samples.back();
        }
        e.values.push_back(std::floor(Luminance(rgb[0], rgb[1], rgb[2])));
      }
      e.type = s.bitDepth == 16 ? PixelType::UInt16 : PixelType::UInt8;
      e.tolerance = 1;
    } else { // palette, 1..8 bits, colours
      static const int depths[] = {1, 2, 4, 8};
      s.colourType = 3;
      s.bitDepth = depths[uniform(0, 3)];
      const int colours = uniform(1, 1 << s.bitDepth);
      std::vector<double> grey;
      for (int k = 0; k < colours; ++k) {
        const int r = uniform(0, 255), g = uniform(0, 255), b = uniform(0, 255);
        s.palette += {char(r), char(g), char(b)};
        grey.push_back(std::floor(Luminance(r, g, b)));
      }
      for (std::size_t i = 0; i < n; ++i) {
        s.samples.push_back(uniform(0, colours - 1));
        e.values.push_back(grey[s.samples.back()]);
      }
      e.tolerance = 1;
    }
    c.name = "f.png";
    c.bytes = WritePng(s);
  } else if (kind == 1) { // BMP
    BmpSpec s;
    s.width = e.width;
    s.height = e.height;
    s.topDown = uniform(0, 1);
    if (uniform(0, 1)) {
      s.bits = 8;
      const bool grey = uniform(0, 1);
      const int colours = grey ? 256 : uniform(1, 256);
      std::vector<double> value;
      for (int k = 0; k < colours; ++k) {
        const int r = grey ? k : uniform(0, 255), g = grey ? k : uniform(0, 255),
                  b = grey ? k : uniform(0, 255);
        s.palette.push_back({std::uint8_t(r), std::uint8_t(g), std::uint8_t(b)});
        value.push_back(grey ? k : std::floor(Luminance(r, g, b)));
      }
      for (std::size_t i = 0; i < n; ++i) {
        s.samples.push_back(uniform(0, colours - 1));
        e.values.push_back(value[s.samples.back()]);
      }
      e.tolerance = grey ? 0 : 1;
    } else {
      s.bits = 24;
      for (std::size_t i = 0; i < n; ++i) {
        const int r = uniform(0, 255), g = uniform(0, 255), b = uniform(0, 255);
        s.samples.insert(s.samples.end(), {std::uint32_t(r), std::uint32_t(g), std::uint32_t(b)});
        e.values.push_back(std::floor(Luminance(r, g, b)));
      }
      e.tolerance = 1;
    }
    c.name = "f.bmp";
    c.bytes = WriteBmp(s);
  } else { // TIFF
    TiffSpec s;
    s.width = e.width;
    s.height = e.height;
    s.bigEndian = uniform(0, 1);
    static const int compressions[] = {1, 1, 1, 5, 8, 32773};
    s.compression = compressions[uniform(0, 5)];
    s.rowsPerStrip = uniform(0, 1) ? 0 : std::uint32_t(uniform(1, e.height + 1));
    const int variant = uniform(0, 9);
    // bits, SampleFormat, the values' range and the type ReadFrame returns
    struct Kind {
      int bits, format;
      double lo, hi;
      PixelType type;
    };
    static const Kind kinds[] = {
        {8, 1, 0, 255, PixelType::UInt8},       {8, 2, -128, 127, PixelType::Float32},
        {16, 1, 0, 65535, PixelType::UInt16},   {16, 2, -32768, 32767, PixelType::Int16},
        {32, 3, -1e6, 1e6, PixelType::Float32}, {1, 1, 0, 1, PixelType::UInt8},
        {2, 1, 0, 3, PixelType::UInt8},         {4, 1, 0, 15, PixelType::UInt8},
        {8, 0, 0, 255, PixelType::UInt8}};
    if (variant < 9) {
      const Kind& k = kinds[variant];
      s.bits = k.bits;
      s.sampleFormat = k.format;
      e.type = k.type;
      for (std::size_t i = 0; i < n; ++i) {
        double v = std::uniform_real_distribution<double>(k.lo, k.hi)(random);
        v = k.format == 3 ? double(float(v)) : std::round(v);
        s.samples.push_back(v);
        e.values.push_back(k.bits < 8 ? v * 255 / ((1 << k.bits) - 1) : v);
      }
    } else { // RGB, 8 or 16 bits
      s.samplesPerPixel = 3;
      s.photometric = 2;
      s.bits = uniform(0, 1) ? 8 : 16;
      e.type = s.bits == 8 ? PixelType::UInt8 : PixelType::UInt16;
      for (std::size_t i = 0; i < n; ++i) {
        double rgb[3];
        for (double& v : rgb) {
          v = uniform(0, (1 << s.bits) - 1);
          s.samples.push_back(v);
        }
        e.values.push_back(std::floor(Luminance(rgb[0], rgb[1], rgb[2])));
      }
      e.tolerance = 1;
    }
    c.name = "f.tif";
    c.bytes = WriteTiff(s);
  }
  return c;
}

double PixelAt(const Image& image, std::size_t i) {
  switch (image.pixelType()) {
  case PixelType::UInt8:
    return image.view<std::uint8_t>().data[i];
  case PixelType::UInt16:
    return image.view<std::uint16_t>().data[i];
  case PixelType::Int16:
    return image.view<std::int16_t>().data[i];
  default:
    return image.view<float>().data[i];
  }
}

/// Empty when `image` holds `e`; else what differs.
std::string Compare(const Image& image, const Expected& e) {
  if (image.geometry().size !=
      std::array<std::size_t, 3>{std::size_t(e.width), std::size_t(e.height), 1})
    return "size " + std::to_string(image.geometry().size[0]) + "x" +
           std::to_string(image.geometry().size[1]) + ", expected " + std::to_string(e.width) +
           "x" + std::to_string(e.height);
  if (image.pixelType() != e.type) return "another pixel type";
  for (std::size_t i = 0; i < e.values.size(); ++i)
    if (std::fabs(PixelAt(image, i) - e.values[i]) > e.tolerance)
      return "pixel " + std::to_string(i) + " is " + std::to_string(PixelAt(image, i)) +
             ", expected " + std::to_string(e.values[i]);
  return "";
}

/// The message of the cumed::Error ReadFrame throws, or "" when it reads the file.
std::string Refusal(const fs::path& file, Image* read = nullptr) {
  try {
    Image image = io::ReadFrame(file);
    if (read) *read = std::move(image);
    return "";
  } catch (const Error& e) {
    return e.what();
  }
}

TEST(FrameFileChecks, RandomFramesOfEveryAcceptedKindReadBackValueForValue) {
  const fs::path dir = Directory("random");
  for (std::uint32_t seed = 1; seed <= 150; ++seed) {
    std::mt19937 random(seed);
    const Case c = RandomCase(random, int(seed % 3));
    const fs::path file = dir / c.name;
    WriteFile(file, c.bytes);
    Image image;
    const std::string refusal = Refusal(file, &image);
    ASSERT_EQ(refusal, "") << "seed " << seed;
    const std::string difference = Compare(image, c.expected);
    EXPECT_EQ(difference, "") << "seed " << seed << " " << c.name;
  }
}

// Small valid files of each format (and layout) used by the hostile cases.
std::vector<Case> SmallCases(std::size_t maxBytes = 1300) {
  std::vector<Case> cases;
  for (std::uint32_t seed : {11u, 12u, 13u}) {
    std::mt19937 random(seed);
    for (int kind = 0; kind < 3; ++kind) {
      Case c;
      do c = RandomCase(random, kind);
      while (c.bytes.size() > maxBytes || c.expected.width * c.expected.height < 4);
      c.name = std::to_string(seed) + c.name;
      cases.push_back(c);
    }
  }
  return cases;
}

TEST(FrameFileChecks, EveryTruncationIsRefusedNamingTheFile) {
  const fs::path dir = Directory("truncated");
  for (const Case& c : SmallCases(600)) {
    const fs::path file = dir / c.name;
    for (std::size_t length = 0; length < c.bytes.size(); ++length) {
      WriteFile(file, c.bytes.substr(0, length));
      const std::string refusal = Refusal(file);
      EXPECT_NE(refusal.find("'" + file.string() + "'"), std::string::npos)
          << c.name << " cut to " << length << " of " << c.bytes.size()
          << " bytes: " << (refusal.empty() ? "accepted" : refusal);
    }
  }
}

// ---------------------------------------------------------------------------- reference decoder
// This test's own reading of the BMP and (uncompressed, stripped) TIFF layouts the writers above
// make, applied to damaged files: nullopt where the file is outside what it reads.
std::optional<Expected> DecodeBmp(const std::string& d) {
  if (d.size() < 54 || Get(d, 14, 4, false) != 40) return std::nullopt;
  const auto width = std::int32_t(Get(d, 18, 4, false));
  const auto height = std::int32_t(Get(d, 22, 4, false));
  const int bits = int(Get(d, 28, 2, false));
  const std::uint64_t offset = Get(d, 10, 4, false), used = Get(d, 46, 4, false);
  if (width <= 0 || height == 0 || height == INT32_MIN || (bits != 8 && bits != 24) ||
      Get(d, 30, 4, false) != 0 || Get(d, 26, 2, false) != 1 || width > 4096 ||
      std::abs(height) > 4096)
    return std::nullopt;
  const int rows = std::abs(height);
  const std::uint64_t stride = (std::uint64_t(width) * bits + 31) / 32 * 4;
  const std::uint64_t colours = bits == 8 && used == 0 ? 256 : used;
  if (offset + stride * rows > d.size() || 54 + 4 * colours > offset) return std::nullopt;
  Expected e;
  e.width = width;
  e.height = rows;
  e.tolerance = 1;
  for (int y = 0; y < rows; ++y) {
    const std::uint64_t row = offset + stride * std::uint64_t(height < 0 ? y : rows - 1 - y);
    for (int x = 0; x < width; ++x) {
      std::uint64_t at = row + 3 * std::uint64_t(x);
      if (bits == 8) {
        const std::uint64_t index = static_cast<unsigned char>(d[row + x]);
        if (index >= colours) return std::nullopt;
        at = 54 + 4 * index;
      }
      e.values.push_back(std::floor(Luminance(static_cast<unsigned char>(d[at + 2]),
                                              static_cast<unsigned char>(d[at + 1]),
                                              static_cast<unsigned char>(d[at]))));
    }
  }
  return e;
}

std::optional<Expected> DecodeTiff(const std::string& d) {
  if (d.size() < 8) return std::nullopt;
  const bool be = d[0] == 'M';
  const std::uint64_t ifd = Get(d, 4, 4, be);
  if (ifd + 2 > d.size()) return std::nullopt;
  const std::uint64_t n = Get(d, ifd, 2, be);
  if (ifd + 2 + 12 * n + 4 > d.size() || Get(d, ifd + 2 + 12 * n, 4, be) != 0) return std::nullopt;
  std::map<int, std::vector<std::uint64_t>> f;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t at = ifd + 2 + 12 * i;
    const int tag = int(Get(d, at, 2, be)), type = int(Get(d, at + 2, 2, be));
    const std::uint64_t count = Get(d, at + 4, 4, be);
    if (type != 3 && type != 4) continue;
    const int size = type == 3 ? 2 : 4;
    const std::uint64_t where = count * size <= 4 ? at + 8 : Get(d, at + 8, 4, be);
    if (count > 1000 || where + count * size > d.size() || f.count(tag)) return std::nullopt;
    for (std::uint64_t k = 0; k < count; ++k) f[tag].push_back(Get(d, where + k * size, size, be));
  }
  const auto one = [&](int tag, std::uint64_t fallback) {
    return f.count(tag) ? f[tag][0] : fallback;
  };
  const std::uint64_t width = one(256, 0), height = one(257, 0), bits = one(258, 1),
                      format = one(339, 1), spp = one(277, 1), rps = one(278, 0xffffffff);
  if (width == 0 || height == 0 || width > 4096 || height > 4096 || one(259, 1) != 1 || spp != 1 ||
      one(262, 9) != 1 || !f.count(273) || !f.count(279) || rps == 0 || f.size() != n ||
      one(284, 1) != 1)
    return std::nullopt;
  Expected e;
  e.width = int(width);
  e.height = int(height);
  const std::uint64_t rowBytes = (width * bits + 7) / 8;
  for (std::uint64_t y = 0; y < height; ++y) {
    const std::uint64_t strip = y / rps;
    if (strip >= f[273].size()) return std::nullopt;
    const std::uint64_t at = f[273][strip] + (y % rps) * rowBytes;
    if (at + rowBytes > d.size()) return std::nullopt;
    for (std::uint64_t x = 0; x < width; ++x) {
      double v;
      if (bits < 8 && format == 1 && (bits == 1 || bits == 2 || bits == 4)) {
        const std::uint64_t bit = x * bits;
        const unsigned byte = static_cast<unsigned char>(d[at + bit / 8]);
        v = double((byte >> (8 - bits - bit % 8)) & ((1u << bits) - 1)) * 255 / ((1 << bits) - 1);
        e.type = PixelType::UInt8;
      } else if (bits == 8 && format == 1) {
        v = double(Get(d, at + x, 1, be)), e.type = PixelType::UInt8;
      } else if (bits == 8 && format == 2) {
        v = double(std::int8_t(Get(d, at + x, 1, be))), e.type = PixelType::Float32;
      } else if (bits == 16 && format == 1) {
        v = double(Get(d, at + 2 * x, 2, be)), e.type = PixelType::UInt16;
      } else if (bits == 16 && format == 2) {
        v = double(std::int16_t(Get(d, at + 2 * x, 2, be))), e.type = PixelType::Int16;
      } else if (bits == 32 && format == 3) {
        const std::uint32_t u = std::uint32_t(Get(d, at + 4 * x, 4, be));
        float fl;
        std::memcpy(&fl, &u, 4);
        if (!std::isfinite(fl)) return std::nullopt;
        v = fl, e.type = PixelType::Float32;
      } else {
        return std::nullopt;
      }
      e.values.push_back(v);
    }
  }
  return e;
}

TEST(FrameFileChecks, ByteFlipsAreRefusedOrReadAsTheReferenceDecoderReadsThem) {
  const fs::path dir = Directory("flipped");
  int accepted = 0, refused = 0;
  for (const Case& c : SmallCases()) {
    const fs::path file = dir / c.name;
    const std::uint32_t base = std::uint32_t(std::hash<std::string>{}(c.name) & 0xffff);
    for (std::uint32_t seed = base; seed < base + 120; ++seed) {
      std::mt19937 random(seed);
      std::string bytes = c.bytes;
      const int flips = std::uniform_int_distribution<int>(1, 3)(random);
      for (int k = 0; k < flips; ++k) {
        const std::size_t at =
            std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1)(random);
        bytes[at] = char(bytes[at] ^ (1 << std::uniform_int_distribution<int>(0, 7)(random)));
      }
      WriteFile(file, bytes);
      Image image;
      const std::string refusal = Refusal(file, &image);
      if (!refusal.empty()) {
        ++refused;
        EXPECT_NE(refusal.find(file.string()), std::string::npos) << "seed " << seed << refusal;
        continue;
      }
      ++accepted;
      // A PNG's chunks carry CRCs: one that passes holds the original pixels. BMP and TIFF
      // pixels are not protected: ReadFrame must read what the bytes now say.
      std::optional<Expected> expected = c.expected;
      if (c.name.find(".bmp") != std::string::npos) expected = DecodeBmp(bytes);
      if (c.name.find(".tif") != std::string::npos) expected = DecodeTiff(bytes);
      if (expected) {
        EXPECT_EQ(Compare(image, *expected), "") << "seed " << seed << " " << c.name;
      }
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(accepted, 0);
}

// Flips inside a PNG chunk whose CRC is then made right again: past the CRC check, the IHDR
// rules, the inflated scanlines and libpng (whose errors would abort the process) must hold. A
// file that passes is read without a crash; one whose flips hit only the tEXt chunk reads the
// original pixels.
TEST(FrameFileChecks, PngFlipsWithRepairedCrcsAreRefusedOrReadWithoutCrashing) {
  const fs::path dir = Directory("png-crc");
  int accepted = 0, refused = 0;
  for (const Case& c : SmallCases()) {
    if (c.name.find(".png") == std::string::npos) continue;
    std::vector<std::pair<std::size_t, std::size_t>> chunks; // (position, data length)
    for (std::size_t at = 8; at + 12 <= c.bytes.size(); at += 12 + Get(c.bytes, at, 4, true))
      chunks.emplace_back(at, Get(c.bytes, at, 4, true));
    const fs::path file = dir / c.name;
    for (std::uint32_t seed = 1; seed <= 200; ++seed) {
      std::mt19937 random(seed);
      const auto [at, length] =
          chunks[std::uniform_int_distribution<std::size_t>(0, chunks.size() - 1)(random)];
      if (length == 0) continue;
      std::string bytes = c.bytes;
      const int flips = std::uniform_int_distribution<int>(1, 3)(random);
      for (int k = 0; k < flips; ++k) {
        const std::size_t i =
            at + 8 + std::uniform_int_distribution<std::size_t>(0, length - 1)(random);
        bytes[i] = char(bytes[i] ^ (1 << std::uniform_int_distribution<int>(0, 7)(random)));
      }
      Set(bytes, at + 8 + length,
          crc32(0, reinterpret_cast<const Bytef*>(bytes.data() + at + 4), uInt(4 + length)), 4,
          true);
      WriteFile(file, bytes);
      Image image;
      const std::string refusal = Refusal(file, &image);
      if (!refusal.empty()) {
        ++refused;
        EXPECT_NE(refusal.find(file.string()), std::string::npos) << "seed " << seed << refusal;
        continue;
      }
      ++accepted;
      if (bytes.compare(at + 4, 4, "tEXt") == 0) {
        EXPECT_EQ(Compare(image, c.expected), "") << "seed " << seed << " " << c.name;
      }
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(accepted, 0);
}

std::string Cut(const std::string& text) {
  return text.substr(0, 400);
}

void ExpectRefused(const fs::path& file, const std::string& bytes,
                   const std::vector<std::string>& phrases) {
  WriteFile(file, bytes);
  const std::string refusal = Refusal(file);
  EXPECT_NE(refusal.find("'" + file.string() + "'"), std::string::npos)
      << file.filename() << ": " << (refusal.empty() ? "accepted" : Cut(refusal));
  for (const std::string& phrase : phrases)
    EXPECT_NE(refusal.find(phrase), std::string::npos)
        << file.filename() << ": '" << phrase << "' not in: " << Cut(refusal);
}

PngSpec GrayPng(int width, int height) {
  PngSpec s;
  s.width = width;
  s.height = height;
  s.samples.assign(std::size_t(width) * height, 7);
  return s;
}

// A PNG whose chunk `index` (0: IHDR) claims `length` bytes (its CRC left as it was).
std::string PngWithChunkLength(std::string png, int index, std::uint32_t length) {
  std::size_t at = 8;
  for (int i = 0; i < index; ++i) at += 12 + Get(png, at, 4, true);
  Set(png, at, length, 4, true);
  return png;
}

TEST(FrameFileChecks, HugeLengthsOffsetsAndSizesAreRefusedBeforeAllocating) {
  const fs::path dir = Directory("huge");
  const std::string png = WritePng(GrayPng(3, 2));
  for (const std::uint32_t length : {0x80000000u, 0xffffffffu}) {
    ExpectRefused(dir / "ihdr.png", PngWithChunkLength(png, 0, length),
                  {"chunk IHDR at byte 8 claims " + std::to_string(length) + " bytes"});
    ExpectRefused(dir / "text.png", PngWithChunkLength(png, 1, length), {"chunk tEXt"});
    ExpectRefused(dir / "idat.png", PngWithChunkLength(png, 2, length), {"chunk IDAT"});
  }
  ExpectRefused(dir / "short-idat.png", PngWithChunkLength(png, 2, 8192),
                {"claims 8192 bytes, but the file ends after " + std::to_string(png.size())});
  // 1000000 x 1000000 gray pixels from a 70-byte file: memory (or deflate's bound) refuses it.
  std::string wide = png;
  Set(wide, 16, 1000000, 4, true);
  Set(wide, 20, 1000000, 4, true);
  Set(wide, 29, crc32(0, reinterpret_cast<const Bytef*>(wide.data() + 12), 17), 4, true);
  ExpectRefused(dir / "wide.png", wide, {"1000000x1000000"});

  TiffSpec t;
  t.width = 3;
  t.height = 2;
  t.bits = 16;
  t.samples.assign(6, 1000);
  const std::string tiff = WriteTiff(t);
  const std::size_t ifd = Get(tiff, 4, 4, false);
  const auto entry = [&](int tag) {
    for (std::size_t i = 0; i < Get(tiff, ifd, 2, false); ++i)
      if (Get(tiff, ifd + 2 + 12 * i, 2, false) == std::uint64_t(tag)) return ifd + 2 + 12 * i;
    return std::size_t(0);
  };
  for (const std::uint32_t value : {0x80000000u, 0xffffffffu}) {
    std::string bad = tiff;
    Set(bad, entry(273) + 8, value, 4, false);
    ExpectRefused(dir / "offset.tif", bad, {"strip 0 at byte " + std::to_string(value)});
    bad = tiff;
    Set(bad, entry(279) + 8, value, 4, false);
    ExpectRefused(dir / "count.tif", bad, {"claims " + std::to_string(value) + " bytes"});
    bad = tiff;
    Set(bad, 4, value, 4, false);
    ExpectRefused(dir / "ifd.tif", bad, {"image directory (IFD) offset " + std::to_string(value)});
    bad = tiff;
    Set(bad, entry(256) + 8, value, 4, false);
    Set(bad, entry(257) + 2, 4, 2, false); // ImageLength as a LONG
    Set(bad, entry(257) + 8, value, 4, false);
    ExpectRefused(dir / "size.tif", bad, {std::to_string(value) + "x" + std::to_string(value)});
  }
  std::string bmp = WriteBmp({3, 2, 24, false, std::vector<std::uint32_t>(18, 9), {}});
  for (const std::uint32_t value : {0x80000000u, 0xffffffffu}) {
    std::string bad = bmp;
    Set(bad, 10, value, 4, false);
    ExpectRefused(dir / "offset.bmp", bad, {"pixel data"});
  }
  Set(bmp, 18, 0x7fffffff, 4, false);
  Set(bmp, 22, 0x7fffffff, 4, false);
  ExpectRefused(dir / "size.bmp", bmp, {"2147483647x2147483647"});
}

TEST(FrameFileChecks, VariantsItkMisreadsAreRefusedNamingFieldAndValue) {
  const fs::path dir = Directory("variants");
  TiffSpec t;
  t.width = 4;
  t.height = 3;
  t.samples.assign(12, 5);
  for (const auto& [bits, format, text] :
       {std::make_tuple(32, 2,
                        "SampleFormat 2 (signed) with BitsPerSample 32 is not read "
                        "correctly by ITK's TIFF reader; convert the frame to 8 or 16 bits"),
        std::make_tuple(32, 1, "SampleFormat 1 (unsigned) with BitsPerSample 32"),
        std::make_tuple(64, 3, "SampleFormat 3 (float) with BitsPerSample 64"),
        std::make_tuple(16, 3, "SampleFormat 3 (float) with BitsPerSample 16"),
        std::make_tuple(4, 2, "SampleFormat 2 (signed) with BitsPerSample 4")}) {
    TiffSpec s = t;
    s.bits = bits;
    s.sampleFormat = format;
    if (format == 3 && bits != 32) s.sampleFormat = 1; // written as integers, then relabelled
    std::string bytes = WriteTiff(s);
    if (format != s.sampleFormat) {
      const std::size_t at = bytes.find(std::string("\x53\x01\x03\x00\x01\x00\x00\x00\x01", 9));
      ASSERT_NE(at, std::string::npos);
      bytes[at + 8] = char(format);
    }
    ExpectRefused(dir / ("t" + std::to_string(bits) + "-" + std::to_string(format) + ".tif"), bytes,
                  {text});
  }
  TiffSpec white = t;
  white.photometric = 0;
  ExpectRefused(dir / "white.tif", WriteTiff(white), {"PhotometricInterpretation 0"});
  TiffSpec palette = t;
  palette.photometric = 3;
  ExpectRefused(dir / "palette.tif", WriteTiff(palette), {"PhotometricInterpretation 3 (palette)"});
  // Two pages: ITK would read a 3D image (refused later as "holds 2 slices"); named here.
  std::string pages = WriteTiff(t);
  const std::size_t ifd = Get(pages, 4, 4, false), n = Get(pages, ifd, 2, false);
  Set(pages, ifd + 2 + 12 * n, ifd, 4, false); // the next IFD: itself, a loop
  ExpectRefused(dir / "pages.tif", pages,
                {"more than one image", "at byte " + std::to_string(ifd)});
  // Fields ITK's TIFF reader would read beyond: text without its NUL, a short DateTime, text
  // tags of another type.
  for (const auto& [tag, type, bytes, phrase] :
       {std::make_tuple(65000, 2, std::string("ABC"), "does not end with a NUL byte"),
        std::make_tuple(306, 2, std::string("2024:01:01\0", 11), "DateTime"),
        std::make_tuple(306, 1, std::string("2024:01:01 00:00:00\0", 20), "field type 1"),
        std::make_tuple(270, 7, std::string("a\0", 2), "tag 270")}) {
    TiffSpec text = t;
    text.texts.push_back({tag, type, bytes});
    ExpectRefused(dir / ("text" + std::to_string(tag) + ".tif"), WriteTiff(text), {phrase});
  }
  TiffSpec described = t;
  described.texts.push_back({306, 2, std::string("2024:01:01 00:00:00\0", 20)});
  described.texts.push_back({270, 2, std::string("PIV frame\0", 10)});
  WriteFile(dir / "described.tif", WriteTiff(described));
  EXPECT_EQ(Refusal(dir / "described.tif"), "");
  // Uncompressed strips of other sizes than their rows (libtiff would estimate its own).
  TiffSpec strips = t;
  strips.rowsPerStrip = 1;
  std::string padded = WriteTiff(strips);
  const std::size_t stripIfd = Get(padded, 4, 4, false);
  for (std::size_t i = 0; i < Get(padded, stripIfd, 2, false); ++i)
    if (Get(padded, stripIfd + 2 + 12 * i, 2, false) == 279)
      Set(padded, Get(padded, stripIfd + 2 + 12 * i + 8, 4, false), 5, 4, false);
  ExpectRefused(dir / "padded.tif", padded, {"strip 0", "holds 5 bytes", "need exactly 4"});
  // Compressed strips whose data do not decode to their rows.
  for (const int compression : {5, 8, 32773}) {
    TiffSpec packed = t;
    packed.compression = compression;
    std::string bytes = WriteTiff(packed);
    bytes[8] = char(bytes[8] ^ 0x80); // the first byte of the strip's data
    ExpectRefused(dir / ("damaged" + std::to_string(compression) + ".tif"), bytes, {"strip 0"});
  }
  std::string big = WriteTiff(t);
  big[2] = 43;
  ExpectRefused(dir / "big.tif", big, {"BigTIFF"});

  const BmpSpec bmp{4, 3, 24, false, std::vector<std::uint32_t>(36, 9), {}};
  std::string b32 = WriteBmp(bmp);
  Set(b32, 28, 32, 2, false);
  ExpectRefused(dir / "b32.bmp", b32, {"bits per pixel 32"});
  std::string rle = WriteBmp(bmp);
  Set(rle, 30, 1, 4, false);
  ExpectRefused(dir / "rle.bmp", rle, {"compression 1 (RLE8)"});
  std::string v5 = WriteBmp(bmp);
  Set(v5, 14, 124, 4, false);
  ExpectRefused(dir / "v5.bmp", v5, {"DIB header size 124"});
  BmpSpec few{4, 3, 8, false, std::vector<std::uint32_t>(12, 2), {{1, 1, 1}, {2, 2, 2}}};
  ExpectRefused(dir / "index.bmp", WriteBmp(few), {"palette index 2", "only 2 colours"});

  std::string ga = WritePng(GrayPng(4, 2)); // the same bytes per row as 2x2 gray+alpha
  Set(ga, 16, 2, 4, true);
  ga[25] = 4;
  Set(ga, 29, crc32(0, reinterpret_cast<const Bytef*>(ga.data() + 12), 17), 4, true);
  ExpectRefused(dir / "alpha.png", ga, {"colour type 4 (gray with alpha)"});
  ExpectRefused(dir / "tiff-named.png", WriteTiff(t), {"named as a PNG file", "TIFF signature"});
  ExpectRefused(dir / "trailing.png", WritePng(GrayPng(2, 2)) + "x", {"1 bytes after its IEND"});
}

// What CheckPictureFile(file, use) says: "" when it passes.
std::string PictureRefusal(const fs::path& file, io::PictureUse use) {
  try {
    io::CheckPictureFile(file, use);
    return "";
  } catch (const Error& e) {
    return e.what();
  }
}

TEST(FrameFileChecks, PicturesMayCarryAlphaFramesMayNotJpegOnlyForPictures) {
  const fs::path dir = Directory("picture_use");
  std::string ga = WritePng(GrayPng(4, 2)); // the same bytes per row as 2x2 gray+alpha
  Set(ga, 16, 2, 4, true);
  ga[25] = 4;
  Set(ga, 29, crc32(0, reinterpret_cast<const Bytef*>(ga.data() + 12), 17), 4, true);
  WriteFile(dir / "alpha.png", ga);
  EXPECT_EQ(PictureRefusal(dir / "alpha.png", io::PictureUse::Picture), "");
  EXPECT_NE(PictureRefusal(dir / "alpha.png", io::PictureUse::Frame).find("frame '"),
            std::string::npos);
  // A tRNS chunk before the first IDAT (after IHDR and tEXt).
  std::string gray = WritePng(GrayPng(2, 2));
  const std::size_t idat = gray.find("IDAT") - 4;
  std::string trns;
  PngChunk(trns, "tRNS", std::string("\0\7", 2));
  WriteFile(dir / "trns.png", gray.substr(0, idat) + trns + gray.substr(idat));
  EXPECT_EQ(PictureRefusal(dir / "trns.png", io::PictureUse::Picture), "");
  EXPECT_NE(PictureRefusal(dir / "trns.png", io::PictureUse::Frame).find("tRNS"),
            std::string::npos);
  // The damage is the same for both uses, and so is the message after the file's name.
  WriteFile(dir / "cut.png", ga.substr(0, ga.size() - 12));
  EXPECT_NE(PictureRefusal(dir / "cut.png", io::PictureUse::Picture)
                .find("picture '" + (dir / "cut.png").string() + "': does not end with IEND"),
            std::string::npos);
  // JPEG: only its start and end markers, for pictures; a frame leaves .jpg to ITK.
  const std::string jpeg("\xff\xd8\xff\xe0 data \xff\xd9\0\0", 14);
  WriteFile(dir / "a.jpg", jpeg);
  EXPECT_EQ(PictureRefusal(dir / "a.jpg", io::PictureUse::Picture), "");
  WriteFile(dir / "cut.jpeg", jpeg.substr(0, 9));
  EXPECT_NE(PictureRefusal(dir / "cut.jpeg", io::PictureUse::Picture).find("end-of-image"),
            std::string::npos);
  EXPECT_EQ(PictureRefusal(dir / "cut.jpeg", io::PictureUse::Frame), "");
  WriteFile(dir / "b.JPG", "BM");
  EXPECT_NE(PictureRefusal(dir / "b.JPG", io::PictureUse::Picture).find("start-of-image"),
            std::string::npos);
  fs::remove_all(dir.parent_path());
}

TEST(FrameFileChecks, FifoNamedPngIsRefusedWithoutWaiting) {
  const fs::path dir = Directory("fifo");
  const fs::path fifo = dir / "x.png";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  try {
    io::ReadFrame(fifo);
    ADD_FAILURE() << "a FIFO was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("is a FIFO"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(fifo.string()), std::string::npos) << e.what();
  }
  fs::remove_all(dir.parent_path());
}

} // namespace
