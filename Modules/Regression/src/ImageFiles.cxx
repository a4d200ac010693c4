#include "ImageFiles.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/ImageInputChecks.h"
#include "cumed/output/SafeOutput.h"
#include "src/FrameFileChecks.h" // ImageInput's PNG/BMP/TIFF checks (as ReadFrame runs them)

#include <itkBMPImageIOFactory.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkImageIOFactory.h>
#include <itkJPEGImageIOFactory.h>
#include <itkPNGImageIOFactory.h>
#include <itkTIFFImageIOFactory.h>

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <vector>

namespace cumed::regression {
namespace {

// The build's IO registration covers the volume formats; pictures are registered here.
void RegisterPictureFormats() {
  static std::once_flag once;
  std::call_once(once, [] {
    itk::PNGImageIOFactory::RegisterOneFactory();
    itk::BMPImageIOFactory::RegisterOneFactory();
    itk::JPEGImageIOFactory::RegisterOneFactory();
    itk::TIFFImageIOFactory::RegisterOneFactory();
  });
}

std::string Describe(const itk::ExceptionObject& e) {
  const char* description = e.GetDescription();
  return description && *description ? description : e.what();
}

// ---- Pictures: checked before ITK, libpng, libtiff or libjpeg see them ----------------------
// libpng's errors abort the process under ITK (a PNG cut to 8 or 40 bytes ended cumed-compare
// with exit 134) and ITK misreads some variants without an error, so PNG, BMP and TIFF files go
// through ImageInput's frame checks (FrameFileChecks.h, those of cumed::io::ReadFrame) first.
// Those refuse alpha, which renderings may carry: a PNG with alpha (colour type 4 or 6, or a tRNS
// chunk) is checked here instead, the same way minus that refusal.

const unsigned char kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::uint32_t Big32(const unsigned char* p) {
  return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
         p[3];
}

struct PngChunk {
  std::uint64_t at;     ///< offset of the length field
  std::uint32_t length; ///< of the data
  std::string type;
  const unsigned char* data;
};

class AlphaPngCheck {
public:
  AlphaPngCheck(const std::string& path, const std::string& bytes)
      : path_(path), d_(reinterpret_cast<const unsigned char*>(bytes.data())), n_(bytes.size()) {}

  /// Whether the PNG carries alpha (colour type 4 or 6, or tRNS): the chunks are walked as far as
  /// they are consistent; the frame checks report any inconsistency of a PNG without alpha.
  bool HasAlpha() const {
    if (n_ < 33 || std::memcmp(d_ + 12, "IHDR", 4) != 0) return false;
    if (d_[25] == 4 || d_[25] == 6) return true;
    for (std::uint64_t at = 8; at + 12 <= n_;) {
      const std::uint64_t length = Big32(d_ + at);
      if (std::memcmp(d_ + at + 4, "tRNS", 4) == 0) return true;
      if (length > n_ - at - 12) return false;
      at += 12 + length;
    }
    return false;
  }

  void Check() {
    if (n_ < 8 || std::memcmp(d_, kPngSignature, 8) != 0) Fail("no PNG signature");
    std::vector<PngChunk> chunks;
    for (std::uint64_t at = 8; at < n_;) {
      if (n_ - at < 12) {
        Fail("a chunk at byte " + std::to_string(at) + " needs 12 bytes, but the file ends after " +
             std::to_string(n_));
      }
      PngChunk c{at, Big32(d_ + at), std::string(reinterpret_cast<const char*>(d_ + at + 4), 4),
                 d_ + at + 8};
      for (const char letter : c.type) {
        if (!std::isalpha(static_cast<unsigned char>(letter))) {
          Fail("the chunk at byte " + std::to_string(at) + " has no valid type");
        }
      }
      if (c.length > 0x7fffffffu || c.length > n_ - at - 12) {
        Fail("chunk " + c.type + " at byte " + std::to_string(at) + " claims " +
             std::to_string(c.length) + " bytes, but the file ends after " + std::to_string(n_));
      }
      const std::uint32_t crc = static_cast<std::uint32_t>(
          crc32(crc32(0L, Z_NULL, 0), d_ + at + 4, static_cast<uInt>(c.length + 4)));
      if (crc != Big32(c.data + c.length)) {
        Fail("chunk " + c.type + " at byte " + std::to_string(at) + " has a wrong CRC");
      }
      chunks.push_back(c);
      at += 12 + std::uint64_t(c.length);
    }
    if (chunks.empty() || chunks.front().type != "IHDR" || chunks.front().length != 13) {
      Fail("the first chunk is not a 13-byte IHDR");
    }
    Header(chunks.front().data);
    if (chunks.back().type != "IEND" || chunks.back().length != 0) {
      Fail("the file does not end with IEND (truncated?)");
    }
    std::vector<unsigned char> compressed;
    bool palette = false, idatEnded = false;
    for (std::size_t i = 1; i + 1 < chunks.size(); ++i) {
      const PngChunk& c = chunks[i];
      const std::string where = "chunk " + c.type + " at byte " + std::to_string(c.at);
      if (c.type == "IDAT") {
        if (idatEnded) Fail(where + ": IDAT chunks must be consecutive");
        compressed.insert(compressed.end(), c.data, c.data + c.length);
        if (i + 1 < chunks.size() && chunks[i + 1].type != "IDAT") idatEnded = true;
      } else if (c.type == "PLTE") {
        palette = true;
      } else if (c.type == "IHDR" || c.type == "IEND") {
        Fail(where + ": a second " + c.type);
      } else if (std::isupper(static_cast<unsigned char>(c.type[0]))) {
        Fail(where + ": unknown critical chunk");
      }
    }
    if (colourType_ == 3 && !palette) Fail("a palette PNG without PLTE");
    if (compressed.empty()) Fail("no IDAT chunk");
    Inflate(compressed);
  }

private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw FileError("cannot read '" + path_ + "': PNG: " + what);
  }

  void Header(const unsigned char* h) {
    width_ = Big32(h);
    height_ = Big32(h + 4);
    const unsigned depth = h[8];
    colourType_ = h[9];
    interlace_ = h[12];
    if (width_ == 0 || height_ == 0 || width_ > 0x7fffffffu || height_ > 0x7fffffffu) {
      Fail("IHDR size " + std::to_string(width_) + "x" + std::to_string(height_) +
           " is not 1..2^31-1 on each axis");
    }
    const bool depthOk =
        colourType_ == 0   ? (depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16)
        : colourType_ == 3 ? (depth == 1 || depth == 2 || depth == 4 || depth == 8)
        : (colourType_ == 2 || colourType_ == 4 || colourType_ == 6) ? (depth == 8 || depth == 16)
                                                                     : false;
    if (!depthOk) {
      Fail("IHDR colour type " + std::to_string(colourType_) + " with bit depth " +
           std::to_string(depth) + " is not a PNG variant");
    }
    if (h[10] != 0 || h[11] != 0 || interlace_ > 1) {
      Fail("IHDR compression, filter or interlace method is not 0, 0, 0/1");
    }
    const unsigned channels = colourType_ == 2   ? 3
                              : colourType_ == 4 ? 2
                              : colourType_ == 6 ? 4
                                                 : 1;
    bitsPerPixel_ = channels * depth;
    // ITK's buffer as read: up to 4 channels of 16 bits, and the double copy the comparison makes.
    io::detail::FrameBytes frame;
    frame.file = path_;
    frame.name = "frame '" + path_ + "'";
    io::detail::CheckFrameFitsInMemory(frame, width_, height_, 8 + 4 * sizeof(double));
  }

  // Scanlines of every pass: rows x (1 + bytes), Adam7's seven passes when interlaced.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> Passes() const {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> passes;
    auto add = [&](std::uint64_t w, std::uint64_t h) {
      if (w && h) passes.push_back({h, 1 + (w * bitsPerPixel_ + 7) / 8});
    };
    if (!interlace_) {
      add(width_, height_);
      return passes;
    }
    const unsigned x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
    const unsigned y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    for (int p = 0; p < 7; ++p) {
      add(width_ > x0[p] ? (width_ - x0[p] + dx[p] - 1) / dx[p] : 0,
          height_ > y0[p] ? (height_ - y0[p] + dy[p] - 1) / dy[p] : 0);
    }
    return passes;
  }

  // The IDAT data must inflate to exactly the filtered scanlines, each starting with filter 0..4.
  void Inflate(std::vector<unsigned char>& compressed) {
    const auto passes = Passes();
    std::uint64_t need = 0;
    for (const auto& [rows, bytes] : passes) need += rows * bytes;
    z_stream z{};
    if (inflateInit(&z) != Z_OK) Fail("zlib cannot start");
    z.next_in = compressed.data();
    z.avail_in = static_cast<uInt>(compressed.size());
    std::vector<unsigned char> out(1 << 16);
    std::uint64_t produced = 0;
    std::size_t pass = 0;
    std::uint64_t row = 0, inRow = 0; // position among the scanlines
    int status = Z_OK;
    std::string problem;
    while (status == Z_OK) {
      z.next_out = out.data();
      z.avail_out = static_cast<uInt>(out.size());
      status = inflate(&z, Z_NO_FLUSH);
      const std::uint64_t got = out.size() - z.avail_out;
      if (status != Z_OK && status != Z_STREAM_END) {
        problem = "the IDAT data do not inflate (zlib: " +
                  (z.msg ? std::string(z.msg) : "error " + std::to_string(status)) + ")";
        break;
      }
      if (got > need - produced) {
        problem = "the IDAT data inflate to more than the " + std::to_string(need) +
                  " bytes of the scanlines";
        break;
      }
      for (std::uint64_t i = 0; i < got; ++i) {
        if (inRow == 0 && out[i] > 4) {
          problem = "filter type " + std::to_string(out[i]) + " of a scanline is not 0..4";
          break;
        }
        if (++inRow == passes[pass].second) {
          inRow = 0;
          if (++row == passes[pass].first) row = 0, ++pass;
        }
      }
      if (!problem.empty()) break;
      produced += got;
      if (status == Z_OK && got == 0 && z.avail_in == 0) {
        problem = "the IDAT data end before the zlib stream does";
        break;
      }
    }
    inflateEnd(&z);
    if (!problem.empty()) Fail(problem);
    if (produced != need) {
      Fail("the IDAT data inflate to " + std::to_string(produced) + " bytes, the scanlines need " +
           std::to_string(need));
    }
  }

  std::string path_;
  const unsigned char* d_;
  std::uint64_t n_;
  std::uint64_t width_ = 0, height_ = 0;
  unsigned colourType_ = 0, interlace_ = 0, bitsPerPixel_ = 0;
};

// A JPEG has no CuMed check: it must be a regular file, start with the SOI marker and end with
// EOI (a truncated one ends without: libjpeg then fills the rest with grey and ITK reads it).
void CheckJpeg(const std::string& path) {
  const std::string bytes =
      ReadRegularInputFile(path, "cannot read '" + path + "':", io::AvailableMemoryBytes() / 2);
  std::size_t end = bytes.size();
  while (end > 0 && bytes[end - 1] == '\0') --end; // padding some writers add
  if (end < 4 || static_cast<unsigned char>(bytes[0]) != 0xff ||
      static_cast<unsigned char>(bytes[1]) != 0xd8) {
    throw FileError("cannot read '" + path + "': JPEG: no start-of-image marker (FF D8)");
  }
  if (static_cast<unsigned char>(bytes[end - 2]) != 0xff ||
      static_cast<unsigned char>(bytes[end - 1]) != 0xd9) {
    throw FileError("cannot read '" + path +
                    "': JPEG: the file does not end with the end-of-image "
                    "marker (FF D9): truncated?");
  }
}

// "frame 'PATH': what" from the frame checks becomes "cannot read 'PATH': what". Their advice for
// a TIFF of several pages speaks of PIV frames: here it is said for a comparison.
std::string PictureMessage(const std::string& path, std::string what) {
  const std::string piv = "a PIV frame is one 2D image: save each page as its own file";
  const std::size_t advice = what.find(piv);
  if (advice != std::string::npos) {
    what.replace(advice, piv.size(),
                 "pictures are compared as single-page TIFFs (CuMed checks one image directory); "
                 "compare a volume as .mha or .nrrd");
  }
  const std::string ours = "cannot read '" + path + "'";
  if (what.compare(0, ours.size(), ours) == 0) return what;
  const std::string prefix = "frame '" + path + "'";
  if (what.compare(0, prefix.size(), prefix) == 0) {
    const std::string rest = what.substr(prefix.size());
    return "cannot read '" + path + "'" + (rest.compare(0, 2, ": ") == 0 ? "" : ":") + rest;
  }
  return "cannot read '" + path + "': " + what;
}

// PNG, BMP and TIFF (by extension, or by the PNG signature or a TIFF header) through the frame
// checks, a .png with alpha through AlphaPngCheck, JPEG through CheckJpeg; other files are left
// to ReadItkImageHeader's checks.
void CheckPicture(const std::string& path) {
  const std::string extension = Lower(std::filesystem::path(path).extension().string());
  try {
    if (extension == ".jpg" || extension == ".jpeg") {
      CheckJpeg(path);
      return;
    }
    if (extension == ".png") {
      const std::string bytes =
          ReadRegularInputFile(path, "cannot read '" + path + "':", io::AvailableMemoryBytes() / 2);
      AlphaPngCheck alpha(path, bytes);
      if (alpha.HasAlpha()) {
        alpha.Check();
        return;
      }
    }
    io::detail::CheckFrameFile(path); // BMP, TIFF, PNG without alpha; others pass untouched
  } catch (const FileError&) {
    throw;
  } catch (const Error& e) {
    throw FileError(PictureMessage(path, e.what()));
  }
}

} // namespace

LoadedImage ReadImage(const std::string& path) {
  RegisterPictureFormats();
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw FileError("cannot read '" + path + "': no such file");
  }
  CheckPicture(path);
  // Values are held as doubles: the file's buffer converted into a double copy.
  itk::ImageIOBase::Pointer io;
  try {
    io = io::ReadItkImageHeader(path, {sizeof(double), 2});
  } catch (const cumed::Error& e) {
    throw FileError(e.what());
  }
  LoadedImage loaded;
  try {
    loaded.dimension = io->GetNumberOfDimensions();
    loaded.componentType = itk::ImageIOBase::GetComponentTypeAsString(io->GetComponentType());
    if (loaded.dimension > 3) {
      throw FileError("cannot read '" + path + "': " + std::to_string(loaded.dimension) +
                      "D images are not supported (at most 3D)");
    }
    auto reader = itk::ImageFileReader<VectorVolume>::New();
    reader->SetFileName(path);
    reader->SetImageIO(io);
    reader->Update();
    loaded.image = reader->GetOutput();
  } catch (const itk::ExceptionObject& e) {
    throw FileError("cannot read '" + path + "': " + Describe(e));
  } catch (const FileError&) {
    throw;
  } catch (const std::exception& e) { // a std::length_error or std::bad_alloc inside ITK's IO
    throw FileError("cannot read '" + path + "': " + io::LibraryErrorText(e));
  }
  return loaded;
}

void WriteImage8(const itk::Image<unsigned char, 2>* image, const std::string& path) {
  RegisterPictureFormats();
  cumed::output::StagedFiles staged(true); // complete or not at all; an old picture is replaced
  try {
    auto writer = itk::ImageFileWriter<itk::Image<unsigned char, 2>>::New();
    writer->SetFileName(staged.Stage(path).string());
    writer->SetInput(image);
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw FileError("cannot write '" + path + "': " + Describe(e));
  }
  staged.Commit();
}

} // namespace cumed::regression
