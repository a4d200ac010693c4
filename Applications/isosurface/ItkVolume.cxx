#include "ItkVolume.h"

#include "cumed/app/ItkFiles.h"
#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"
#include "cumed/io/DicomSeriesReader.h"

#include <itkImage.h>
#include <itkImageIOBase.h>
#include <vtkAOSDataArrayTemplate.h>
#include <vtkDataArray.h>
#include <vtkPointData.h>
#include <vtkTypeTraits.h>

#include <cstdint>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
namespace {

// The ITK image as a vtkImageData: same geometry, scalars in the ITK buffer.
template <class T>
Volume WrapItkImage(typename itk::Image<T, 3>::Pointer image, const char* arrayName) {
  const auto size = image->GetLargestPossibleRegion().GetSize();
  auto vtkImage = vtkSmartPointer<vtkImageData>::New();
  vtkImage->SetDimensions(static_cast<int>(size[0]), static_cast<int>(size[1]),
                          static_cast<int>(size[2]));
  double direction[9];
  for (unsigned r = 0; r < 3; ++r) {
    for (unsigned c = 0; c < 3; ++c) direction[3 * r + c] = image->GetDirection()(r, c);
  }
  vtkImage->SetSpacing(image->GetSpacing().GetDataPointer());
  vtkImage->SetOrigin(image->GetOrigin().GetDataPointer());
  vtkImage->SetDirectionMatrix(direction);

  vtkSmartPointer<vtkDataArray> scalars = vtkSmartPointer<vtkDataArray>::Take(
      vtkDataArray::CreateDataArray(vtkTypeTraits<T>::VTK_TYPE_ID));
  auto* typed = vtkAOSDataArrayTemplate<T>::FastDownCast(scalars);
  typed->SetName(arrayName);
  // save = 1: VTK never frees the ITK buffer; the Volume keeps the ITK image alive.
  typed->SetArray(image->GetBufferPointer(),
                  static_cast<vtkIdType>(image->GetLargestPossibleRegion().GetNumberOfPixels()), 1);
  vtkImage->GetPointData()->SetScalars(scalars);

  Volume volume;
  volume.image = vtkImage;
  volume.pixelOwner = image.GetPointer();
  volume.pixelType = cumed::ToString(cumed::PixelTypeOf<T>());
  return volume;
}

template <class T> Volume ReadAs(const fs::path& file) {
  return WrapItkImage<T>(app::ReadImageFile<itk::Image<T, 3>>(file), "scalars");
}

} // namespace

Volume ReadItkImageFile(const fs::path& file) {
  const std::string name = file.string();
  const itk::ImageIOBase::Pointer io =
      app::ReadScalarImageHeader(file, "an isosurface needs one value per voxel");
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
