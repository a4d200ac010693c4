// cumed-compare on damaged pictures (issue 25): a PNG cut to 8 or 40 bytes ended the program with
// libpng's "Read Error" and exit 134 (abort); a truncated BMP, an int32 TIFF (misread by ITK) and a
// truncated JPEG were read. Now each is refused before ITK reads it: exit 2, no crash, and a
// message naming the file, as output or as baseline; intact RGBA renderings still compare.
#include "CompareTestSupport.h"
#include "PictureFiles.h" // Modules/Regression/test

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;
using cumed::apptest::RunResult;
using cumed::comparetest::Compare;
using cumed::comparetest::WorkDirectory;
using namespace cumed::regression::test;

void ExpectRefused(const std::vector<std::string>& arguments, const fs::path& work,
                   const std::string& refused, const std::string& words) {
  const RunResult run = Compare(arguments, work);
  EXPECT_EQ(run.exitCode, 2) << "-1 is a crash (libpng's abort); " << run.err;
  EXPECT_NE(run.err.find("cannot read '" + refused + "'"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(words), std::string::npos) << run.err;
}

TEST(ComparePictureFiles, TruncatedPngsExitTwoNamingTheFile) {
  const fs::path work = WorkDirectory();
  for (const PictureKind kind : {PictureKind::Gray, PictureKind::Rgba}) {
    const std::string name = kind == PictureKind::Gray ? "gray" : "rgba";
    const std::string intact = WritePng(work / (name + ".png"), kind);
    const RunResult same = Compare({intact, intact}, work);
    EXPECT_EQ(same.exitCode, 0) << name << ": " << same.err;
    for (const long long keep : {8LL, 40LL}) {
      const std::string cut =
          Truncated(intact, work / (name + "_" + std::to_string(keep) + ".png"), keep);
      ExpectRefused({cut, intact}, work, cut, "ends after");
      ExpectRefused({intact, cut}, work, cut, "ends after");
      ExpectRefused({"--kind", "image", cut, intact}, work, cut, "ends after");
    }
  }
}

TEST(ComparePictureFiles, TruncatedBmpInt32TiffTruncatedJpegExitTwo) {
  const fs::path work = WorkDirectory();
  const std::string bmp = WriteBmp(work / "gray.bmp");
  EXPECT_EQ(Compare({bmp, bmp}, work).exitCode, 0);
  const std::string cutBmp = Truncated(bmp, work / "cut.bmp", -7);
  ExpectRefused({cutBmp, bmp}, work, cutBmp, "truncated");
  const std::string tiff = WriteInt32Tiff(work / "int32.tif");
  ExpectRefused({tiff, tiff}, work, tiff, "SampleFormat 2 (signed) with BitsPerSample 32");
  const std::string jpeg = WriteJpeg(work / "gray.jpg");
  EXPECT_EQ(Compare({jpeg, jpeg}, work).exitCode, 0);
  const std::string cutJpeg = Truncated(jpeg, work / "cut.jpg", -30);
  ExpectRefused({cutJpeg, jpeg}, work, cutJpeg, "end-of-image");
}

} // namespace
