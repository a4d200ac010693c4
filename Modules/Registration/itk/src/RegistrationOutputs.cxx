#include "cumed/registration/itk/RegistrationOutputs.h"

#include "TransformIO.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"

#include <itkImageFileWriter.h>
#include <itkTransformFileWriter.h>

namespace fs = std::filesystem;

namespace cumed::registration {
namespace {

template <class TImage>
void WriteImage(const TImage* image, const fs::path& staged, const fs::path& name, bool compress) {
  RegisterImageWriters();
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(staged.string());
  writer->SetUseCompression(compress);
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot write '" + name.string() + "': " + io::ItkErrorText(e));
  }
}

void WriteTransform(const itk::Object* transform, const fs::path& staged, const fs::path& name) {
  RegisterTransformIO();
  auto writer = itk::TransformFileWriterTemplate<double>::New();
  writer->SetInput(transform);
  writer->SetFileName(staged.string());
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot write '" + name.string() + "': " + io::ItkErrorText(e));
  }
}

} // namespace

template <unsigned D>
void WriteRegistrationOutputs(BSplineRegistrationFilter<FloatImage<D>>& filter,
                              const RegistrationOutputFiles& files, output::StagedFiles& staged,
                              bool compress) {
  const fs::path warped = staged.Stage(files.warped), field = staged.Stage(files.field),
                 transform = staged.Stage(files.transform), jacobian = staged.Stage(files.jacobian);
  WriteImage(filter.GetOutput(), warped, files.warped, compress);
  WriteImage(filter.GetDisplacementField(), field, files.field, compress);
  if (filter.GetInitialTransform() || filter.GetAffineStage())
    WriteTransform(filter.GetCompositeTransform(), transform, files.transform);
  else
    WriteTransform(filter.GetTransform(), transform, files.transform);
  WriteImage(filter.GetJacobianDeterminant(), jacobian, files.jacobian, compress);
}

void WriteFloatImage(const FloatImage<2>* image, const fs::path& file, const fs::path& name,
                     bool compress) {
  WriteImage(image, file, name, compress);
}

void WriteFloatImage(const FloatImage<3>* image, const fs::path& file, const fs::path& name,
                     bool compress) {
  WriteImage(image, file, name, compress);
}

template void WriteRegistrationOutputs<2>(BSplineRegistrationFilter<FloatImage<2>>&,
                                          const RegistrationOutputFiles&, output::StagedFiles&,
                                          bool);
template void WriteRegistrationOutputs<3>(BSplineRegistrationFilter<FloatImage<3>>&,
                                          const RegistrationOutputFiles&, output::StagedFiles&,
                                          bool);

} // namespace cumed::registration
