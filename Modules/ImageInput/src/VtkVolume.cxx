#include "cumed/io/VtkVolume.h"

#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/VtiImage.h"
#include "cumed/vtk/ItkToVtkImage.h"

#include <itkImage.h>
#include <itkImageIOBase.h>
#include <vtkDataArray.h>
#include <vtkPointData.h>

#include <cstdint>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

// The ITK image as a vtkImageData: same geometry, scalars in the ITK buffer (the bridge's
// zero-copy conversion, which also keeps the ITK image alive).
template <class T>
VtkVolume WrapItkImage(typename itk::Image<T, 3>::Pointer image, const char* arrayName) {
  VtkVolume volume;
  volume.image = cumed::ToVtkImage(image.GetPointer(), arrayName);
  volume.pixelOwner = image.GetPointer();
  volume.pixelType = cumed::ToString(cumed::PixelTypeOf<T>());
  return volume;
}

template <class T> VtkVolume ReadAs(const fs::path& file) {
  return WrapItkImage<T>(ReadItkImageFile<itk::Image<T, 3>>(file), "scalars");
}

VtkVolume ReadItkVolume(const fs::path& file) {
  const std::string name = file.string();
  // The volume, and a float copy when its type is converted (or the surface, of similar size).
  const itk::ImageIOBase::Pointer io =
      ReadScalarItkImageHeader(file, "an isosurface needs one value per voxel", {0, 2});
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
    VtkVolume volume = ReadAs<float>(file);
    volume.conversion =
        itk::ImageIOBase::GetComponentTypeAsString(io->GetComponentType()) + " read as float";
    return volume;
  }
  }
}

VtkVolume ReadDicomVolume(const fs::path& directory, const std::string& series) {
  DicomReadOptions options;
  options.series = series;
  const CtSeries ct = ReadDicomCtSeries(directory.string(), options);
  VtkVolume volume = WrapItkImage<std::int16_t>(ct.image, "HU");
  volume.adjustments = DescribeReadAdjustments(ct.info);
  return volume;
}

VtkVolume ReadVtiVolume(const fs::path& file) {
  VtiImage vti = ReadVtiImage(file); // checked, scalars of a type CuMed contours
  vtkDataArray* scalars = vti.image->GetPointData()->GetScalars();
  if (scalars->GetNumberOfComponents() != 1) {
    throw cumed::Error("INPUT '" + file.string() + "': the point array '" +
                       (scalars->GetName() ? scalars->GetName() : "") + "' has " +
                       std::to_string(scalars->GetNumberOfComponents()) +
                       " components; an isosurface needs one value per voxel");
  }
  VtkVolume volume;
  volume.image = vti.image;
  volume.conversion = vti.conversion;
  volume.pixelType = ToString(vti.pixelType);
  return volume;
}

} // namespace

VtkVolume ReadVtkVolume(const VolumeLocation& location, const std::string& series) {
  switch (location.kind) {
  case VolumeKind::DicomDirectory:
    return ReadDicomVolume(location.path, series);
  case VolumeKind::VtkImageFile:
    return ReadVtiVolume(location.path);
  case VolumeKind::ItkImageFile:
    break;
  }
  return ReadItkVolume(location.path);
}

void CheckIsVolume(vtkImageData* image, const std::string& input) {
  int dims[3];
  image->GetDimensions(dims);
  CheckIsVolume({std::size_t(dims[0]), std::size_t(dims[1]), std::size_t(dims[2])}, input);
}

void CheckIsVolume(const std::array<std::size_t, 3>& dims, const std::string& input) {
  for (int axis = 0; axis < 3; ++axis) {
    if (dims[axis] < 2) {
      std::ostringstream message;
      message << "INPUT '" << input << "' is " << dims[0] << "x" << dims[1] << "x" << dims[2]
              << ": a single slice along "
              << "xyz"[axis]
              << "; an isosurface needs a 3D volume (at least 2 voxels along every axis)";
      throw cumed::Error(message.str());
    }
  }
}

} // namespace cumed::io
