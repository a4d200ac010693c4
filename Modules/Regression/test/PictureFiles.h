#pragma once
// Picture files for the tests of cumed-compare's picture reading (ImageFiles.cxx): written by
// ITK's own writers (PNG gray/RGB/RGBA, BMP, JPEG), an int32 TIFF written byte by byte (ITK's
// TIFF reader misreads it), and any of them cut short. Header-only: the library test here and
// the driver test (Testing/Regression) include it.
#include <itkBMPImageIO.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkJPEGImageIO.h>
#include <itkPNGImageIO.h>
#include <itkRGBAPixel.h>
#include <itkRGBPixel.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace cumed::regression::test {

enum class PictureKind { Gray, Rgb, Rgba };

template <class TPixel, class TIO>
std::string WriteWithItk(const std::filesystem::path& file, TPixel value) {
  using Picture = itk::Image<TPixel, 2>;
  auto image = Picture::New();
  image->SetRegions(typename Picture::SizeType{{24, 16}});
  image->Allocate();
  image->FillBuffer(value);
  auto writer = itk::ImageFileWriter<Picture>::New();
  writer->SetImageIO(TIO::New());
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
  return file.string();
}

/// A 24x16 PNG of one colour.
inline std::string WritePng(const std::filesystem::path& file, PictureKind kind) {
  switch (kind) {
  case PictureKind::Gray:
    return WriteWithItk<unsigned char, itk::PNGImageIO>(file, 90);
  case PictureKind::Rgb: {
    itk::RGBPixel<unsigned char> rgb;
    rgb.Set(10, 120, 230);
    return WriteWithItk<itk::RGBPixel<unsigned char>, itk::PNGImageIO>(file, rgb);
  }
  default: {
    itk::RGBAPixel<unsigned char> rgba;
    rgba.Set(10, 120, 230, 255);
    return WriteWithItk<itk::RGBAPixel<unsigned char>, itk::PNGImageIO>(file, rgba);
  }
  }
}

inline std::string WriteBmp(const std::filesystem::path& file) {
  return WriteWithItk<unsigned char, itk::BMPImageIO>(file, 77);
}

inline std::string WriteJpeg(const std::filesystem::path& file) {
  return WriteWithItk<unsigned char, itk::JPEGImageIO>(file, 140);
}

/// A 2x2 uncompressed TIFF of signed 32-bit integers (SampleFormat 2, BitsPerSample 32).
inline std::string WriteInt32Tiff(const std::filesystem::path& file) {
  std::string bytes = {'I', 'I', 42, 0, 8, 0, 0, 0};
  auto put16 = [&](unsigned v) {
    bytes += char(v & 0xff);
    bytes += char(v >> 8);
  };
  auto put32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes += char((v >> (8 * i)) & 0xff);
  };
  const unsigned entries = 10;
  const std::uint32_t dataAt = 8 + 2 + 12 * entries + 4;
  put16(entries);
  auto shortEntry = [&](unsigned tag, unsigned value) {
    put16(tag), put16(3), put32(1), put16(value), put16(0);
  };
  auto longEntry = [&](unsigned tag, std::uint32_t value) {
    put16(tag), put16(4), put32(1), put32(value);
  };
  shortEntry(256, 2);     // ImageWidth
  shortEntry(257, 2);     // ImageLength
  shortEntry(258, 32);    // BitsPerSample
  shortEntry(259, 1);     // Compression: none
  shortEntry(262, 1);     // PhotometricInterpretation: black is zero
  longEntry(273, dataAt); // StripOffsets
  shortEntry(277, 1);     // SamplesPerPixel
  shortEntry(278, 2);     // RowsPerStrip
  longEntry(279, 16);     // StripByteCounts
  shortEntry(339, 2);     // SampleFormat: signed
  put32(0);
  for (std::uint32_t v : {1u, 2u, 3u, 4u}) put32(v);
  std::ofstream(file, std::ios::binary) << bytes;
  return file.string();
}

/// `from` cut to its first `keep` bytes (keep < 0: all but the last -keep) at `to`.
inline std::string Truncated(const std::filesystem::path& from, const std::filesystem::path& to,
                             long long keep) {
  std::ifstream in(from, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto size = static_cast<long long>(bytes.size());
  bytes.resize(static_cast<std::size_t>(keep >= 0 ? keep : size + keep));
  std::ofstream(to, std::ios::binary) << bytes;
  return to.string();
}

/// `from` with the byte at `at` (from the end when negative) xor-ed with 0x55, at `to`.
inline std::string Flipped(const std::filesystem::path& from, const std::filesystem::path& to,
                           long long at) {
  std::ifstream in(from, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto size = static_cast<long long>(bytes.size());
  bytes[static_cast<std::size_t>(at >= 0 ? at : size + at)] ^= 0x55;
  std::ofstream(to, std::ios::binary) << bytes;
  return to.string();
}

} // namespace cumed::regression::test
