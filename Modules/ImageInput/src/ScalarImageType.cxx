#include "cumed/io/ScalarImageType.h"

#include "cumed/core/Error.h"

#include <itkImageIOBase.h>

namespace cumed::io {

ScalarImageType ReadScalarImageType(const std::filesystem::path& file, const MemoryUse& memory) {
  const std::string name = file.string();
  const itk::ImageIOBase::Pointer io =
      ReadScalarItkImageHeader(file, "only scalar images are supported", memory);
  ScalarImageType header;
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

} // namespace cumed::io
