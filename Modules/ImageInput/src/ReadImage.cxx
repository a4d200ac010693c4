// ReadImageHeader / ReadImage: the checked ITK header (ImageFiles.cxx) or a DICOM CT series
// (CuMed::IO), described without ITK types and read into a host cumed::Image through the one
// ITK bridge (AdoptItkImage: the ITK buffer is kept, not copied).
#include "cumed/io/ReadImage.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/ImageInputChecks.h"
#include "cumed/io/MetaImageDataFiles.h"
#include "cumed/itk/ItkImageBridge.h"

#include <itkImage.h>
#include <itkImageIOBase.h>
#include <itkVectorImage.h>

#include <cstdint>
#include <system_error>

#if CUMED_IMAGE_INPUT_VTI
#include "cumed/io/VtiImage.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkDataArray.h>
#include <vtkPointData.h>
#endif

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

using Component = itk::IOComponentEnum;

PixelType ReadAs(Component stored) {
  switch (stored) {
  case Component::UCHAR:
    return PixelType::UInt8;
  case Component::SHORT:
    return PixelType::Int16;
  case Component::USHORT:
    return PixelType::UInt16;
  default:
    return PixelType::Float32; // float itself, and every type CuMed has no image of
  }
}

std::string FormatOf(const itk::ImageIOBase& io) {
  const std::string name = io.GetNameOfClass();
  if (name == "MetaImageIO") return "MetaImage";
  if (name == "NrrdImageIO") return "NRRD";
  if (name == "NiftiImageIO") return "NIfTI";
  return name;
}

ImageHeader DescribeItkHeader(const fs::path& file, const itk::ImageIOBase& io) {
  ImageHeader header;
  header.path = file;
  header.format = FormatOf(io);
  header.dimension = io.GetNumberOfDimensions();
  header.geometry.size = {1, 1, 1}; // a 2D image is one slice deep
  if (header.dimension < 2 || header.dimension > 3) {
    throw cumed::Error(InputName(file) + " is a " + std::to_string(header.dimension) +
                       "D image; CuMed images have 2 or 3 axes");
  }
  for (unsigned axis = 0; axis < header.dimension; ++axis) {
    header.geometry.size[axis] = io.GetDimensions(axis);
    header.geometry.spacing[axis] = io.GetSpacing(axis);
    header.geometry.origin[axis] = io.GetOrigin(axis);
    for (unsigned row = 0; row < header.dimension; ++row) {
      header.geometry.direction[row * 3 + axis] = io.GetDirection(axis)[row];
    }
  }
  header.storedType = itk::ImageIOBase::GetComponentTypeAsString(io.GetComponentType());
  header.components = static_cast<int>(io.GetNumberOfComponents());
  header.readAs = ReadAs(io.GetComponentType());
  if (header.readAs == PixelType::Float32 && io.GetComponentType() != Component::FLOAT) {
    header.conversion = header.storedType + " read as float";
  }
  header.files.push_back(file);
  for (const fs::path& data : MetaImageDataFiles(file)) header.files.push_back(data);
  return header;
}

ImageHeader DescribeDicomSeries(const CtSeries& series) {
  ImageHeader header;
  header.path = series.info.directory;
  header.format = "DICOM";
  Image adopted = AdoptItkImage(series.image.GetPointer());
  header.geometry = adopted.geometry();
  header.storedType = "int16";
  header.readAs = PixelType::Int16;
  for (const std::string& file : series.info.files) header.files.emplace_back(file);
  return header;
}

CtSeries ReadSeries(const fs::path& directory, const ImageReadOptions& options) {
  DicomReadOptions dicom;
  dicom.seriesUid = options.seriesUid;
  dicom.threads = options.threads;
  return ReadDicomCtSeries(directory.string(), dicom);
}

template <class T, unsigned D> Image ReadPixels(const fs::path& file, int components) {
  if (components == 1) {
    return AdoptItkImage(ReadItkImageFile<itk::Image<T, D>>(file).GetPointer());
  }
  // Several components: ITK's VectorImage keeps them interleaved, as CuMed's images do.
  using VectorImage = itk::VectorImage<T, D>;
  auto image = ReadItkImageFile<VectorImage>(file);
  const auto region = image->GetLargestPossibleRegion();
  ImageGeometry geometry;
  geometry.size = {1, 1, 1};
  for (unsigned axis = 0; axis < D; ++axis) {
    geometry.size[axis] = region.GetSize()[axis];
    geometry.spacing[axis] = image->GetSpacing()[axis];
    geometry.origin[axis] = image->GetOrigin()[axis];
    for (unsigned row = 0; row < D; ++row) {
      geometry.direction[row * 3 + axis] = image->GetDirection()[row][axis];
    }
  }
  itk::SmartPointer<VectorImage> owner = image;
  std::shared_ptr<void> keepAlive(static_cast<void*>(image.GetPointer()), [owner](void*) {});
  return Image::Adopt(image->GetBufferPointer(), PixelTypeOf<T>(), geometry, MemoryLocation::Host,
                      std::move(keepAlive), components);
}

template <class T> Image ReadPixels(const fs::path& file, const ImageHeader& header) {
  return header.dimension == 2 ? ReadPixels<T, 2>(file, header.components)
                               : ReadPixels<T, 3>(file, header.components);
}

bool IsVti(const fs::path& path) {
  return path.extension() == ".vti";
}

#if CUMED_IMAGE_INPUT_VTI
/// A .vti file through ReadVtiImage (its checks), the image adopting the VTK array's values.
Image ReadVti(const fs::path& file, ImageHeader& header) {
  VtiImage vti = ReadVtiImage(file);
  vtkDataArray* scalars = vti.image->GetPointData()->GetScalars();
  header.path = file;
  header.format = "VTI";
  header.dimension = 3;
  header.geometry = GeometryOf(vti.image);
  header.storedType = vti.conversion.empty() ? ToString(vti.pixelType)
                                             : vti.conversion.substr(0, vti.conversion.find(' '));
  header.components = scalars->GetNumberOfComponents();
  header.readAs = vti.pixelType;
  header.conversion = vti.conversion;
  header.files = {file};
  vtkSmartPointer<vtkImageData> owner = vti.image;
  std::shared_ptr<void> keepAlive(static_cast<void*>(owner.Get()), [owner](void*) {});
  return Image::Adopt(scalars->GetVoidPointer(0), vti.pixelType, header.geometry,
                      MemoryLocation::Host, std::move(keepAlive), header.components);
}
#else
Image ReadVti(const fs::path& file, ImageHeader&) {
  throw cumed::Error("cannot read " + InputName(file) + ": this CuMed was built without VTK, " +
                     "which reads .vti files");
}
#endif

} // namespace

ImageHeader ReadImageHeader(const fs::path& path, const ImageReadOptions& options) {
  std::error_code error;
  ExecutionScope scope(options);
  if (fs::is_directory(path, error)) {
    // A series' geometry comes from every slice's position: its header is the series read.
    ImageHeader header = DescribeDicomSeries(ReadSeries(path, options));
    scope.finish(Backend::CPU);
    return header;
  }
  if (IsVti(path)) { // VTK's XML reader reads the header and the values in one go
    ImageHeader header;
    ReadVti(path, header);
    scope.finish(Backend::CPU);
    return header;
  }
  MemoryUse memory;
  memory.copies = options.copies;
  itk::ImageIOBase::Pointer io = ReadItkImageHeader(path, memory);
  ImageHeader header = DescribeItkHeader(path, *io);
  // A type read as float takes 4 bytes per value: checked against the memory once more.
  if (!header.conversion.empty()) {
    memory.valueBytes = 4;
    ReadItkImageHeader(path, memory);
  }
  scope.finish(Backend::CPU);
  return header;
}

Image ReadImage(const fs::path& path, const ImageReadOptions& options, ImageHeader* header) {
  std::error_code error;
  ExecutionScope scope(options);
  if (fs::is_directory(path, error)) {
    const CtSeries series = ReadSeries(path, options);
    if (header) *header = DescribeDicomSeries(series);
    Image image = AdoptItkImage(series.image.GetPointer());
    scope.finish(Backend::CPU);
    return image;
  }
  if (IsVti(path)) {
    ImageHeader described;
    Image image = ReadVti(path, described);
    if (header) *header = described;
    scope.finish(Backend::CPU);
    return image;
  }
  ImageReadOptions headerOptions = options;
  headerOptions.progress = nullptr;
  headerOptions.report = nullptr;
  const ImageHeader described = ReadImageHeader(path, headerOptions);
  if (header) *header = described;
  scope.checkCancelled();
  Image image;
  switch (described.readAs) {
  case PixelType::UInt8:
    image = ReadPixels<std::uint8_t>(path, described);
    break;
  case PixelType::Int16:
    image = ReadPixels<std::int16_t>(path, described);
    break;
  case PixelType::UInt16:
    image = ReadPixels<std::uint16_t>(path, described);
    break;
  case PixelType::Float32:
    image = ReadPixels<float>(path, described);
    break;
  }
  scope.finish(Backend::CPU);
  return image;
}

} // namespace cumed::io
