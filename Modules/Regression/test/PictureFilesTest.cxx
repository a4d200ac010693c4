// Pictures that cumed::regression reads (ImageFiles.cxx) are checked before ITK, libpng, libtiff
// or libjpeg see them, in this process: a PNG cut to 8 or 40 bytes (libpng's "Read Error" aborted
// the process), a truncated BMP (ITK read it), an int32 TIFF (ITK misreads it), a PNG with alpha
// cut short or with a flipped byte, a truncated JPEG: each is a FileError naming the file, and
// the intact pictures (RGBA included: renderings may carry alpha) still compare equal.
#include "PictureFiles.h"

#include "cumed/regression/Compare.h"

#include <gtest/gtest.h>

#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace cumed::regression;
using namespace cumed::regression::test;

fs::path WorkDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cumed_regression_pictures_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// `output` against `baseline` as `kind`: refused with a FileError naming `refused` (the output
// unless given) and holding `words`.
void ExpectRefused(Kind kind, const std::string& output, const std::string& baseline,
                   const std::string& words, std::string refused = {}) {
  if (refused.empty()) refused = output;
  try {
    CompareFiles(kind, output, baseline, Tolerances{});
    ADD_FAILURE() << output << " was read";
  } catch (const FileError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cannot read '" + refused + "'"), std::string::npos) << what;
    EXPECT_NE(what.find(words), std::string::npos) << what;
  }
}

void ExpectEqual(Kind kind, const std::string& a, const std::string& b) {
  const Comparison c = CompareFiles(kind, a, b, Tolerances{});
  EXPECT_TRUE(c.withinTolerance) << c.report;
}

TEST(RegressionPictureFiles, TruncatedPngsAreRefusedNotAborted) {
  const fs::path work = WorkDirectory("png");
  for (const PictureKind kind : {PictureKind::Gray, PictureKind::Rgb, PictureKind::Rgba}) {
    const std::string name = kind == PictureKind::Gray  ? "gray"
                             : kind == PictureKind::Rgb ? "rgb"
                                                        : "rgba";
    SCOPED_TRACE(name);
    const std::string intact = WritePng(work / (name + ".png"), kind);
    ExpectEqual(Kind::Rendering, intact, intact);
    ExpectEqual(Kind::Image, intact, intact);
    for (const long long keep : {8LL, 40LL, -20LL}) {
      const std::string cut =
          Truncated(intact, work / (name + "_" + std::to_string(keep) + ".png"), keep);
      ExpectRefused(Kind::Rendering, cut, intact, "");
      ExpectRefused(Kind::Image, intact, cut, "", cut); // the baseline is checked too
    }
    ExpectRefused(Kind::Rendering, Truncated(intact, work / (name + "_7.png"), 7), intact, "");
  }
}

TEST(RegressionPictureFiles, DamagedPngsWithAlphaAreRefusedByName) {
  const fs::path work = WorkDirectory("alpha");
  const std::string intact = WritePng(work / "rgba.png", PictureKind::Rgba);
  ExpectRefused(Kind::Rendering, Truncated(intact, work / "cut40.png", 40), intact,
                "the file ends after 40");
  ExpectRefused(Kind::Rendering, Truncated(intact, work / "noend.png", -12), intact,
                "does not end with IEND");
  // A byte of the IDAT data: its CRC no longer matches.
  ExpectRefused(Kind::Rendering, Flipped(intact, work / "crc.png", 45), intact, "wrong CRC");
}

// Every cut and every flipped byte of an RGBA PNG (the check written for pictures with alpha):
// refused by name, or read; never a crash of this process.
TEST(RegressionPictureFiles, EveryCutAndFlipOfAnRgbaPngIsRefusedOrRead) {
  const fs::path work = WorkDirectory("rgba_every");
  const std::string intact = WritePng(work / "rgba.png", PictureKind::Rgba);
  const auto size = static_cast<long long>(fs::file_size(intact));
  for (long long keep = 0; keep < size; ++keep) {
    SCOPED_TRACE("cut to " + std::to_string(keep) + " bytes");
    ExpectRefused(Kind::Rendering, Truncated(intact, work / "cut.png", keep), intact, "");
  }
  int read = 0;
  for (long long at = 0; at < size; ++at) {
    SCOPED_TRACE("byte " + std::to_string(at) + " flipped");
    const std::string flipped = Flipped(intact, work / "flip.png", at);
    try {
      CompareFiles(Kind::Rendering, flipped, intact, Tolerances{});
      ++read;
    } catch (const FileError& e) {
      EXPECT_NE(std::string(e.what()).find("cannot read '" + flipped + "'"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_LT(read, 8) << "flips read without a refusal (chunk CRCs cover every byte after the "
                        "signature)";
}

// Every byte of an RGBA PNG's IDAT data flipped with the chunk's CRC repaired: what the CRC no
// longer catches must be caught by inflating (stream errors, sizes, filter types) or be data
// libpng reads; never libpng's abort.
TEST(RegressionPictureFiles, IdatFlipsWithRepairedCrcAreRefusedOrRead) {
  const fs::path work = WorkDirectory("rgba_idat");
  const std::string intact = WritePng(work / "rgba.png", PictureKind::Rgba);
  std::ifstream in(intact, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t idat = bytes.find("IDAT");
  ASSERT_NE(idat, std::string::npos);
  auto big32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  const std::uint32_t length = big32(idat - 4);
  int refused = 0, read = 0;
  for (std::uint32_t i = 0; i < length; ++i) {
    std::string damaged = bytes;
    damaged[idat + 4 + i] ^= 0x55;
    const auto crc = static_cast<std::uint32_t>(crc32(
        crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(damaged.data() + idat), length + 4));
    for (int b = 0; b < 4; ++b) damaged[idat + 4 + length + b] = char(crc >> (24 - 8 * b));
    const fs::path file = work / "idat.png";
    std::ofstream(file, std::ios::binary) << damaged;
    try {
      CompareFiles(Kind::Rendering, file.string(), intact, Tolerances{});
      ++read;
    } catch (const FileError& e) {
      ++refused;
      EXPECT_NE(std::string(e.what()).find("cannot read '" + file.string() + "'"),
                std::string::npos)
          << e.what();
    }
  }
  EXPECT_GT(refused, 0) << read << " read";
}

TEST(RegressionPictureFiles, TruncatedBmpInt32TiffAndTruncatedJpegAreRefused) {
  const fs::path work = WorkDirectory("other");
  const std::string bmp = WriteBmp(work / "gray.bmp");
  ExpectEqual(Kind::Image, bmp, bmp);
  ExpectRefused(Kind::Image, Truncated(bmp, work / "cut.bmp", -7), bmp, "truncated");
  const std::string tiff = WriteInt32Tiff(work / "int32.tif");
  ExpectRefused(Kind::Image, tiff, tiff, "SampleFormat 2 (signed) with BitsPerSample 32");
  const std::string jpeg = WriteJpeg(work / "gray.jpg");
  ExpectEqual(Kind::Image, jpeg, jpeg);
  ExpectRefused(Kind::Image, Truncated(jpeg, work / "cut.jpg", -30), jpeg, "end-of-image");
  ExpectRefused(Kind::Image, Truncated(jpeg, work / "tiny.jpg", 1), jpeg, "start-of-image");
}

} // namespace
