#include "cumed/io/FrameFiles.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/ImageInputChecks.h"
#include "cumed/io/PictureFileChecks.h"

#include <itkBMPImageIOFactory.h>
#include <itkImage.h>
#include <itkPNGImageIOFactory.h>
#include <itkTIFFImageIOFactory.h>

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace cumed::io {
namespace fs = std::filesystem;

namespace {

bool IsFrameFile(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return ext == ".tif" || ext == ".tiff" || ext == ".bmp" || ext == ".png";
}

std::vector<fs::path> Sorted(std::vector<fs::path> files) {
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> DirectoryFrames(const fs::path& directory) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(directory))
    if (entry.is_regular_file() && IsFrameFile(entry.path())) files.push_back(entry.path());
  if (files.empty())
    throw InvalidArgument("directory '" + directory.string() +
                          "' holds no frames (.tif, .tiff, .bmp or .png files)");
  return Sorted(files);
}

std::vector<fs::path> PatternFrames(const fs::path& pattern) {
  const fs::path directory = pattern.has_parent_path() ? pattern.parent_path() : fs::path(".");
  if (!fs::is_directory(directory))
    throw InvalidArgument("pattern '" + pattern.string() + "': directory '" + directory.string() +
                          "' does not exist");
  std::vector<fs::path> files;
  const std::string name = pattern.filename().string();
  for (const auto& entry : fs::directory_iterator(directory))
    if (entry.is_regular_file() &&
        fnmatch(name.c_str(), entry.path().filename().c_str(), FNM_PERIOD) == 0)
      // Named as the pattern was written: "p*.png" lists "p0.png", not "./p0.png".
      files.push_back(pattern.has_parent_path() ? entry.path() : entry.path().filename());
  if (files.empty()) throw InvalidArgument("pattern '" + pattern.string() + "' matches no file");
  return Sorted(files);
}

template <class T> Image ReadAs(const fs::path& file, double pixelSize) {
  using ItkImage = itk::Image<T, 2>;
  const typename ItkImage::Pointer image = ReadItkImageFile<ItkImage>(file);
  ImageGeometry geometry;
  const auto size = image->GetBufferedRegion().GetSize();
  geometry.size = {size[0], size[1], 1};
  geometry.spacing = {pixelSize, pixelSize, 1.0};
  Image frame = Image::Allocate(PixelTypeOf<T>(), geometry, MemoryLocation::Host);
  std::memcpy(frame.view<T>().data, image->GetBufferPointer(),
              geometry.numberOfPixels() * sizeof(T));
  return frame;
}

} // namespace

std::vector<fs::path> ListFrameFiles(const std::vector<std::string>& inputs) {
  std::vector<fs::path> frames;
  for (const std::string& input : inputs) {
    const fs::path path(input);
    std::vector<fs::path> found;
    if (path.filename().string().find_first_of("*?[") != std::string::npos && !fs::exists(path))
      found = PatternFrames(path);
    else if (fs::is_directory(path))
      found = DirectoryFrames(path);
    else if (fs::exists(path))
      found = {path};
    else
      throw InvalidArgument("frame '" + input + "' does not exist");
    frames.insert(frames.end(), found.begin(), found.end());
  }
  return frames;
}

Image ReadFrame(const fs::path& file, double pixelSize) {
  if (!std::isfinite(pixelSize) || !(pixelSize > 0))
    throw InvalidArgument("frame '" + file.string() + "': the pixel size " +
                          std::to_string(pixelSize) + " is not a finite number > 0");
  static const bool registered = [] {
    itk::BMPImageIOFactory::RegisterOneFactory();
    itk::PNGImageIOFactory::RegisterOneFactory();
    itk::TIFFImageIOFactory::RegisterOneFactory();
    return true;
  }();
  (void)registered;
  // CuMed's own checks of PNG, BMP and TIFF files first: libpng aborts the process on a damaged
  // file, and ITK misreads some variants without an error (PictureFileChecks.h).
  CheckPictureFile(file, PictureUse::Frame);
  const itk::ImageIOBase::Pointer io = ReadItkImageHeader(file, MemoryUse{4, 2});
  // Paletted 8-bit BMPs read as RGB; ITK's reader turns colour into luminance, which is the
  // grey value itself when the channels are equal.
  const unsigned components = io->GetNumberOfComponents();
  if (components != 1 && components != 3 && components != 4)
    throw Error(InputName(file) + " has " + std::to_string(components) +
                " components per pixel; PIV needs grayscale frames (or RGB, taken as luminance)");
  const unsigned dimensions = io->GetNumberOfDimensions();
  if (dimensions > 2 && io->GetDimensions(2) > 1)
    throw Error(InputName(file) + " holds " + std::to_string(io->GetDimensions(2)) +
                " slices; a PIV frame is one 2D image");
  switch (io->GetComponentType()) {
  case itk::IOComponentEnum::UCHAR:
    return ReadAs<std::uint8_t>(file, pixelSize);
  case itk::IOComponentEnum::USHORT:
    return ReadAs<std::uint16_t>(file, pixelSize);
  case itk::IOComponentEnum::SHORT:
    return ReadAs<std::int16_t>(file, pixelSize);
  default:
    return ReadAs<float>(file, pixelSize);
  }
}

Image ReadMask(const fs::path& file) {
  Image values = ReadFrame(file, 1.0);
  Image mask = Image::Allocate(PixelType::UInt8, values.geometry(), MemoryLocation::Host);
  std::uint8_t* out = mask.view<std::uint8_t>().data;
  const std::size_t n = values.geometry().numberOfPixels();
  auto binarise = [&](auto t) {
    using T = decltype(t);
    const T* in = values.view<T>().data;
    for (std::size_t i = 0; i < n; ++i) out[i] = in[i] != T(0) ? 1 : 0;
  };
  switch (values.pixelType()) {
  case PixelType::UInt8:
    binarise(std::uint8_t{});
    break;
  case PixelType::UInt16:
    binarise(std::uint16_t{});
    break;
  case PixelType::Int16:
    binarise(std::int16_t{});
    break;
  case PixelType::Float32:
    binarise(float{});
    break;
  }
  return mask;
}

} // namespace cumed::io
