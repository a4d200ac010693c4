#include "cumed/registration/itk/RegistrationOutputs.h"

#include "TextTransformFile.h"
#include "TransformIO.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/WriteImageFile.h"

#include <itkImageFileWriter.h>
#include <itkTransformFileWriter.h>

#include <string>

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
  io::CheckWrittenImageFile(staged, name, "output");
}

// ITK's text transform writer does not notice a full file system (TextTransformFile.h): whole,
// the file names at least `transforms` transforms (more when a part is itself composite), at least
// `parameterised` of them end with a complete "FixedParameters:" line, and so does the file.
void CheckWrittenTransformFile(const fs::path& staged, const fs::path& name, int transforms,
                               int parameterised) {
  const TextTransformFileShape shape = ReadTextTransformFileShape(staged);
  if (shape.transforms < transforms || shape.fixedParameters < parameterised ||
      !shape.endsWithFixedParameters) {
    throw cumed::Error("cannot write '" + name.string() + "': ITK's transform writer returned, " +
                       "but the file it wrote is incomplete (is the file system full?): it ends " +
                       "after " + std::to_string(shape.fixedParameters) + " of " +
                       std::to_string(parameterised) + " transforms");
  }
}

void WriteTransform(const itk::Object* transform, const fs::path& staged, const fs::path& name,
                    int transforms, int parameterised) {
  RegisterTransformIO();
  auto writer = itk::TransformFileWriterTemplate<double>::New();
  writer->SetInput(transform);
  writer->SetFileName(staged.string());
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot write '" + name.string() + "': " + io::ItkErrorText(e));
  }
  // HDF5 (.h5) reports its own write errors, which ITK turns into exceptions.
  if (IsTextTransformFile(name)) CheckWrittenTransformFile(staged, name, transforms, parameterised);
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
  if (filter.GetInitialTransform() || filter.GetAffineStage()) {
    const auto composite = filter.GetCompositeTransform();
    const int parts = static_cast<int>(composite->GetNumberOfTransforms());
    WriteTransform(composite, transform, files.transform, 1 + parts, parts);
  } else {
    WriteTransform(filter.GetTransform(), transform, files.transform, 1, 1);
  }
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
