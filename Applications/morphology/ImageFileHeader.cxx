#include "ImageFileHeader.h"

#include "ItkErrorText.h"

#include "cumed/core/Error.h"

#include <itkImageIOBase.h>
#include <itkImageIOFactory.h>

namespace cumed::morphologyapp {

ImageFileHeader ReadImageFileHeader(const std::filesystem::path& file) {
  const std::string name = file.string();
  itk::ImageIOBase::Pointer io =
      itk::ImageIOFactory::CreateImageIO(name.c_str(), itk::ImageIOFactory::FileModeEnum::ReadMode);
  if (!io) throw cumed::Error("cannot read INPUT '" + name + "': no image reader recognises it");
  io->SetFileName(name);
  try {
    io->ReadImageInformation();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read the header of INPUT '" + name + "': " + ItkErrorText(e));
  }

  if (io->GetNumberOfComponents() != 1) {
    throw cumed::Error("INPUT '" + name + "' has " + std::to_string(io->GetNumberOfComponents()) +
                       " components per pixel (" +
                       itk::ImageIOBase::GetPixelTypeAsString(io->GetPixelType()) +
                       "); only scalar images are supported");
  }
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
