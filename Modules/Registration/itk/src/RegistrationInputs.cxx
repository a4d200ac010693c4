#include "cumed/registration/itk/RegistrationInputs.h"

#include "TransformIO.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/MetaImageDataFiles.h"

#include <itkImageRegionConstIterator.h>
#include <itkTransformFileReader.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::registration {
namespace {

constexpr std::array<const char*, 5> kExtensions{".mha", ".mhd", ".nrrd", ".nii", ".nii.gz"};

bool HasImageExtension(const fs::path& path) {
  std::string name = path.filename().string();
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::any_of(kExtensions.begin(), kExtensions.end(), [&](const std::string& extension) {
    return name.size() > extension.size() &&
           name.compare(name.size() - extension.size(), extension.size(), extension) == 0;
  });
}

std::string Named(const InputImage& input) {
  return input.label + " '" + input.path.string() + "'";
}

} // namespace

InputImage LocateImage(const std::string& label, const std::string& path) {
  InputImage input{label, fs::path(path)};
  std::error_code error;
  if (!fs::exists(input.path, error)) throw cumed::Error(Named(input) + " does not exist");
  if (fs::is_directory(input.path, error)) {
    input.dicom = true;
    return input;
  }
  if (!HasImageExtension(input.path))
    throw cumed::Error(Named(input) +
                       " is neither a DICOM series directory nor an image file of a supported "
                       "type (.mha, .mhd, .nrrd, .nii, .nii.gz)");
  // The image as float, and the warped image, field and Jacobian of its size (FIXED) or a copy.
  const itk::ImageIOBase::Pointer io =
      io::ReadScalarItkImageHeader(input.path, "registration needs one value per voxel", {4, 6});
  input.dimension = io->GetNumberOfDimensions();
  if (input.dimension != 2 && input.dimension != 3)
    throw cumed::Error(Named(input) + " has " + std::to_string(input.dimension) +
                       " dimensions; only 2D and 3D images can be registered");
  return input;
}

void CheckSameDimension(const InputImage& a, const InputImage& b) {
  if (a.dimension != b.dimension)
    throw cumed::Error(Named(a) + " is " + std::to_string(a.dimension) + "D and " + Named(b) +
                       " is " + std::to_string(b.dimension) +
                       "D; both must have the same dimension");
}

output::ProtectedInputs ProtectedInputsOf(const InputImage& fixed, const InputImage& moving,
                                          const std::vector<std::string>& files) {
  output::ProtectedInputs inputs;
  for (const InputImage* input : {&fixed, &moving}) {
    if (input->dicom) {
      inputs.directories.push_back(input->path);
      continue;
    }
    inputs.files.push_back(input->path);
    for (const fs::path& data : io::MetaImageDataFiles(input->path)) inputs.files.push_back(data);
  }
  for (const std::string& file : files)
    if (!file.empty()) inputs.files.push_back(file);
  return inputs;
}

template <unsigned D> typename FloatImage<D>::Pointer ReadFloatImage(const InputImage& input) {
  if constexpr (D == 3) {
    if (input.dicom) {
      cumed::io::DicomReadOptions options;
      options.series = input.series;
      const cumed::io::CtSeries series = cumed::io::ReadDicomCtSeries(input.path.string(), options);
      auto image = FloatImage<3>::New();
      image->CopyInformation(series.image);
      image->SetRegions(series.image->GetLargestPossibleRegion());
      image->Allocate();
      const auto n = image->GetLargestPossibleRegion().GetNumberOfPixels();
      std::copy_n(series.image->GetBufferPointer(), n, image->GetBufferPointer());
      return image;
    }
  }
  return io::ReadItkImageFile<FloatImage<D>>(input.path);
}

template <unsigned D> typename MaskImage<D>::Pointer ReadMask(const InputImage& input) {
  return io::ReadItkImageFile<MaskImage<D>>(input.path);
}

template <unsigned D>
typename AffineTransformType<D>::Pointer ReadInitialTransform(const fs::path& file,
                                                              const std::string& label) {
  RegisterTransformIO();
  auto reader = itk::TransformFileReaderTemplate<double>::New();
  reader->SetFileName(file.string());
  const std::string name = label + " '" + file.string() + "'";
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read " + name + ": " + io::ItkErrorText(e));
  }
  const auto* list = reader->GetTransformList();
  if (list->size() != 1)
    throw cumed::Error(name + " holds " + std::to_string(list->size()) +
                       " transforms; expected one affine transform");
  auto* transform = dynamic_cast<AffineTransformType<D>*>(list->front().GetPointer());
  if (!transform)
    throw cumed::Error(name + " holds a " + list->front()->GetTransformTypeAsString() +
                       "; expected an affine transform of dimension " + std::to_string(D) +
                       " (a MatrixOffsetTransformBase such as AffineTransform_double_" +
                       std::to_string(D) + "_" + std::to_string(D) + ")");
  return transform;
}

template FloatImage<2>::Pointer ReadFloatImage<2>(const InputImage&);
template FloatImage<3>::Pointer ReadFloatImage<3>(const InputImage&);
template MaskImage<2>::Pointer ReadMask<2>(const InputImage&);
template MaskImage<3>::Pointer ReadMask<3>(const InputImage&);
template AffineTransformType<2>::Pointer ReadInitialTransform<2>(const fs::path&,
                                                                 const std::string&);
template AffineTransformType<3>::Pointer ReadInitialTransform<3>(const fs::path&,
                                                                 const std::string&);

} // namespace cumed::registration
