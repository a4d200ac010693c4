#include "ApplyToImage.h"

#include "cumed/io/ImageFiles.h"
#include "cumed/core/Error.h"

#include <itkImageFileWriter.h>
#include <itkResampleImageFilter.h>
#include <itkTransform.h>

namespace cumed::registerapp {

template <unsigned D>
void ApplyToImage(const ImageApplication& job, const std::filesystem::path& staged,
                  const std::filesystem::path& output) {
  using Transform = itk::Transform<double, D, D>;
  const auto* transform = dynamic_cast<const Transform*>(job.transform);
  if (!transform)
    throw cumed::Error("--apply-transform holds a " + job.transform->GetTransformTypeAsString() +
                       ", which does not map " + std::to_string(D) + "D points");
  const auto image = ReadFloatImage<D>(job.image);
  const auto reference = ReadFloatImage<D>(job.reference);
  // ResampleImageFilter's default interpolator is linear, as the registration's warped output.
  auto resample = itk::ResampleImageFilter<FloatImage<D>, FloatImage<D>, double>::New();
  resample->SetInput(image);
  resample->SetTransform(transform);
  resample->UseReferenceImageOn();
  resample->SetReferenceImage(reference);
  resample->SetDefaultPixelValue(static_cast<float>(job.defaultValue));
  auto writer = itk::ImageFileWriter<FloatImage<D>>::New();
  writer->SetInput(resample->GetOutput());
  writer->SetFileName(staged.string());
  writer->SetUseCompression(job.compress);
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot write '" + output.string() + "': " + io::ItkErrorText(e));
  }
}

template void ApplyToImage<2>(const ImageApplication&, const std::filesystem::path&,
                              const std::filesystem::path&);
template void ApplyToImage<3>(const ImageApplication&, const std::filesystem::path&,
                              const std::filesystem::path&);

} // namespace cumed::registerapp
