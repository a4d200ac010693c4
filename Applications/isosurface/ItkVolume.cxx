#include "ItkVolume.h"

#include "cumed/io/ImageFiles.h"
#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/vtk/ItkToVtkImage.h"

#include <itkImage.h>
#include <itkImageIOBase.h>

#include <cstdint>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
namespace {

// The ITK image as a vtkImageData: same geometry, scalars in the ITK buffer (the bridge's
// zero-copy conversion, which also keeps the ITK image alive).
template <class T>
Volume WrapItkImage(typename itk::Image<T, 3>::Pointer image, const char* arrayName) {
  Volume volume;
  volume.image = cumed::ToVtkImage(image.GetPointer(), arrayName);
  volume.pixelOwner = image.GetPointer();
  volume.pixelType = cumed::ToString(cumed::PixelTypeOf<T>());
  return volume;
}

template <class T> Volume ReadAs(const fs::path& file) {
  return WrapItkImage<T>(io::ReadItkImageFile<itk::Image<T, 3>>(file), "scalars");
}

} // namespace

Volume ReadItkImageFile(const fs::path& file) {
  const std::string name = file.string();
  // The volume, and a float copy when its type is converted (or the surface, of similar size).
  const itk::ImageIOBase::Pointer io =
      io::ReadScalarItkImageHeader(file, "an isosurface needs one value per voxel", {0, 2});
  if (io->GetNumberOfDimensions() != 3) {
    throw cumed::Error("INPUT '" + name + "' is a " + std::to_string(io->GetNumberOfDimensions()) +
                       "D image; an isosurface needs a 3D volume");
  }
  using Component = itk::IOComponentEnum;
  switch (io->GetComponentType()) {
  case Component::UCHAR:
    return ReadAs<std::uint8_t>(file);
  case Component::SHORT:
    return ReadAs<std::int16_t>(file);
  case Component::USHORT:
    return ReadAs<std::uint16_t>(file);
  case Component::FLOAT:
    return ReadAs<float>(file);
  default: {
    Volume volume = ReadAs<float>(file);
    volume.conversion =
        itk::ImageIOBase::GetComponentTypeAsString(io->GetComponentType()) + " read as float";
    return volume;
  }
  }
}

Volume ReadDicomSeries(const fs::path& directory) {
  const cumed::io::CtSeries series = cumed::io::ReadDicomCtSeries(directory.string());
  return WrapItkImage<std::int16_t>(series.image, "HU");
}

} // namespace cumed::isosurfaceapp
