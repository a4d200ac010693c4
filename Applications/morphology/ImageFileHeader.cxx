#include "ImageFileHeader.h"

#include "cumed/io/ImageFiles.h"

#include "cumed/core/Error.h"

#include <itkImageIOBase.h>

namespace cumed::morphologyapp {

ImageFileHeader ReadImageFileHeader(const std::filesystem::path& file) {
  const std::string name = file.string();
  // The input and the result are in memory together (the operation's scratch comes on top).
  const itk::ImageIOBase::Pointer io =
      io::ReadScalarItkImageHeader(file, "only scalar images are supported", {0, 2});
  ImageFileHeader header;
  using Component = itk::IOComponentEnum;
  switch (io->GetComponentType()) {
  case Component::UCHAR:
    header.pixelType = cumed::PixelType::UInt8;
    break;
  case Component::SHORT:
    header.pixelType = cumed::PixelType::Int16;
    break;
  case Component::USHORT:
    header.pixelType = cumed::PixelType::UInt16;
    break;
  case Component::FLOAT:
    header.pixelType = cumed::PixelType::Float32;
    break;
  default:
    throw cumed::Error("INPUT '" + name + "' has pixel type '" +
                       itk::ImageIOBase::GetComponentTypeAsString(io->GetComponentType()) +
                       "'; supported are uint8 (unsigned_char), int16 (short), uint16 "
                       "(unsigned_short) and float");
  }
  header.dimension = io->GetNumberOfDimensions();
  if (header.dimension != 2 && header.dimension != 3) {
    throw cumed::Error("INPUT '" + name + "' has " + std::to_string(header.dimension) +
                       " dimensions; only 2D and 3D images are supported");
  }
  return header;
}

} // namespace cumed::morphologyapp
