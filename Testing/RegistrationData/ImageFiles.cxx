#include "ImageFiles.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/WriteImageFile.h"
#include "cumed/itk/ItkImageBridge.h"

#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkVectorImage.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

namespace cumed::regdata {
namespace {

template <class TImage> void Write(Image image, const std::string& path) {
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(ToItkImage<TImage>(std::move(image)));
  writer->SetFileName(path);
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw Error("cannot write image file '" + path + "': " + e.GetDescription());
  }
  try { // a full file system: ITK returns normally; the truncated file is removed
    io::CheckWrittenImageFile(path, path, "image file");
  } catch (const Error&) {
    std::filesystem::remove(path);
    throw;
  }
}

} // namespace

Image ReadCtSeriesAsFloat(const std::string& directory) {
  const io::CtSeries series = io::ReadDicomCtSeries(directory);
  const auto view = HostView(*series.image);
  Image result = Image::Allocate(PixelType::Float32, view.geometry, MemoryLocation::Host);
  float* out = result.view<float>().data;
  std::transform(view.data, view.data + view.geometry.numberOfPixels(), out,
                 [](std::int16_t v) { return float(v); });
  return result;
}

Image ReadFloatImage(const std::string& path) {
  using FileImage = itk::VectorImage<float, 3>;
  auto reader = itk::ImageFileReader<FileImage>::New();
  reader->SetFileName(path);
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw Error("cannot read image file '" + path + "': " + e.GetDescription());
  }
  FileImage* image = reader->GetOutput();
  const unsigned dimension = reader->GetImageIO()->GetNumberOfDimensions();
  if (dimension != 3)
    throw Error("image file '" + path + "' is " + std::to_string(dimension) +
                "D: expected a 3D image");
  const int components = int(image->GetNumberOfComponentsPerPixel());
  ImageGeometry geometry;
  const auto& region = image->GetBufferedRegion();
  for (unsigned i = 0; i < 3; ++i) {
    geometry.size[i] = region.GetSize(i);
    geometry.spacing[i] = image->GetSpacing()[i];
    geometry.origin[i] = image->GetOrigin()[i];
    for (unsigned j = 0; j < 3; ++j) geometry.direction[3 * i + j] = image->GetDirection()(i, j);
  }
  Image result = Image::Allocate(PixelType::Float32, geometry, MemoryLocation::Host, components);
  std::memcpy(result.data(), image->GetBufferPointer(), result.sizeInBytes());
  return result;
}

Image ReadMask(const std::string& path) {
  const Image values = ReadFloatImage(path);
  if (values.components() != 1)
    throw Error("mask file '" + path + "' has " + std::to_string(values.components()) +
                " components per pixel: expected a scalar image");
  Image mask = Image::Allocate(PixelType::UInt8, values.geometry(), MemoryLocation::Host);
  const float* v = values.view<float>().data;
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (std::size_t i = 0; i < values.geometry().numberOfPixels(); ++i) m[i] = v[i] != 0.0f;
  return mask;
}

void WriteImage(const Image& image, const std::string& path) {
  if (image.pixelType() == PixelType::Float32 && image.components() == 1)
    return Write<itk::Image<float, 3>>(image.clone(), path);
  if (image.pixelType() == PixelType::Float32 && image.components() == 3)
    return Write<itk::Image<itk::Vector<float, 3>, 3>>(image.clone(), path);
  if (image.pixelType() == PixelType::UInt8 && image.components() == 1)
    return Write<itk::Image<std::uint8_t, 3>>(image.clone(), path);
  throw InvalidArgument(std::string("cannot write '") + path + "': " + ToString(image.pixelType()) +
                        " x" + std::to_string(image.components()) +
                        " images are not written (Float32 x1 or x3, UInt8 x1 are)");
}

} // namespace cumed::regdata
