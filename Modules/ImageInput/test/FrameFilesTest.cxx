// Frames from image files (FrameFiles.h): the list of a directory (image files only, sorted), of
// a pattern and of files as given, with the missing or empty input named; 8-bit PNG, 16-bit TIFF
// and RGB frames read as their grayscale values at the given pixel size; masks binarised.
#include "cumed/io/FrameFiles.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>
#include <itkBMPImageIO.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkPNGImageIO.h>
#include <itkRGBPixel.h>
#include <itkTIFFImageIO.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace cumed;

namespace {

fs::path FreshDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "cumed_image_input_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

/// A width x height image of pixel type T, value(x, y) at each pixel, written with `io`.
template <class T>
void Write(const fs::path& file, int width, int height, itk::ImageIOBase* io,
           const std::function<T(int, int)>& value) {
  using ItkImage = itk::Image<T, 2>;
  auto image = ItkImage::New();
  typename ItkImage::RegionType region;
  region.SetSize({{unsigned(width), unsigned(height)}});
  image->SetRegions(region);
  image->Allocate();
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image->SetPixel({{x, y}}, value(x, y));
  auto writer = itk::ImageFileWriter<ItkImage>::New();
  writer->SetInput(image);
  writer->SetImageIO(io);
  writer->SetFileName(file.string());
  writer->Update();
}

std::string InvalidArgumentOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "(no InvalidArgument)";
}

TEST(FrameFiles, ListsDirectoriesPatternsAndFiles) {
  const fs::path dir = FreshDirectory("list");
  for (const char* name : {"b.TIF", "a.png", "c.bmp", "notes.txt", "d.tiff"})
    std::ofstream(dir / name) << "x";
  fs::create_directories(dir / "sub.png");
  EXPECT_EQ(io::ListFrameFiles({dir.string()}),
            (std::vector<fs::path>{dir / "a.png", dir / "b.TIF", dir / "c.bmp", dir / "d.tiff"}));
  EXPECT_EQ(io::ListFrameFiles({(dir / "[ab].*").string()}),
            (std::vector<fs::path>{dir / "a.png", dir / "b.TIF"}));
  // Files as given, in the order given, and inputs one after the other.
  EXPECT_EQ(io::ListFrameFiles({(dir / "notes.txt").string(), (dir / "c*").string()}),
            (std::vector<fs::path>{dir / "notes.txt", dir / "c.bmp"}));

  EXPECT_EQ(InvalidArgumentOf([&] { io::ListFrameFiles({(dir / "missing.png").string()}); }),
            "frame '" + (dir / "missing.png").string() + "' does not exist");
  EXPECT_EQ(InvalidArgumentOf([&] { io::ListFrameFiles({(dir / "x*.png").string()}); }),
            "pattern '" + (dir / "x*.png").string() + "' matches no file");
  const fs::path empty = FreshDirectory("list-empty");
  EXPECT_NE(
      InvalidArgumentOf([&] { io::ListFrameFiles({empty.string()}); }).find("holds no frames"),
      std::string::npos);
  EXPECT_NE(InvalidArgumentOf([&] {
              io::ListFrameFiles({(dir / "none" / "*.png").string()});
            }).find("does not exist"),
            std::string::npos);
}

TEST(FrameFiles, ReadsGrayscaleFramesAsStored) {
  const fs::path dir = FreshDirectory("read");
  auto eight = [](int x, int y) { return std::uint8_t(10 * y + x); };
  Write<std::uint8_t>(dir / "f.png", 5, 3, itk::PNGImageIO::New(), eight);
  const Image png = io::ReadFrame(dir / "f.png", 0.5);
  EXPECT_EQ(png.pixelType(), PixelType::UInt8);
  EXPECT_EQ(png.geometry().size, (std::array<std::size_t, 3>{5, 3, 1}));
  EXPECT_EQ(png.geometry().spacing[0], 0.5);
  EXPECT_EQ(png.geometry().spacing[1], 0.5);
  EXPECT_EQ(png.geometry().origin[0], 0.0);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x) EXPECT_EQ(png.view<std::uint8_t>().data[y * 5 + x], eight(x, y));

  Write<std::uint16_t>(dir / "f.tif", 4, 2, itk::TIFFImageIO::New(),
                       [](int x, int y) { return std::uint16_t(1000 * y + 300 * x); });
  const Image tif = io::ReadFrame(dir / "f.tif");
  EXPECT_EQ(tif.pixelType(), PixelType::UInt16);
  EXPECT_EQ(tif.view<std::uint16_t>().data[7], 1900);
  EXPECT_EQ(tif.geometry().spacing[0], 1.0);

  // Colour with equal channels: the grey value itself.
  using Rgb = itk::RGBPixel<std::uint8_t>;
  Write<Rgb>(dir / "rgb.png", 3, 2, itk::PNGImageIO::New(), [](int x, int y) {
    Rgb p;
    p.Fill(std::uint8_t(40 * x + 100 * y));
    return p;
  });
  const Image rgb = io::ReadFrame(dir / "rgb.png");
  EXPECT_EQ(rgb.pixelType(), PixelType::UInt8);
  EXPECT_EQ(rgb.view<std::uint8_t>().data[5], 180);
}

TEST(FrameFiles, MasksAreBinary) {
  const fs::path dir = FreshDirectory("mask");
  Write<std::uint8_t>(dir / "m.bmp", 4, 1, itk::BMPImageIO::New(),
                      [](int x, int) { return std::uint8_t(x % 2 ? 7 * x : 0); });
  const Image mask = io::ReadMask(dir / "m.bmp");
  EXPECT_EQ(mask.pixelType(), PixelType::UInt8);
  const std::uint8_t* m = mask.view<std::uint8_t>().data;
  EXPECT_EQ(std::vector<int>(m, m + 4), (std::vector<int>{0, 1, 0, 1}));
}

TEST(FrameFiles, NamesBadFramesAndPixelSizes) {
  const fs::path dir = FreshDirectory("bad");
  Write<std::uint8_t>(dir / "f.png", 2, 2, itk::PNGImageIO::New(), [](int, int) { return 1; });
  EXPECT_NE(InvalidArgumentOf([&] { io::ReadFrame(dir / "f.png", 0.0); }).find("pixel size"),
            std::string::npos);
  std::ofstream(dir / "broken.png") << "not a png";
  try {
    io::ReadFrame(dir / "broken.png");
    ADD_FAILURE() << "no exception";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("broken.png"), std::string::npos) << e.what();
  }
}

} // namespace
