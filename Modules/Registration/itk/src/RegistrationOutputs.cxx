#include "cumed/registration/itk/RegistrationOutputs.h"

#include "TransformIO.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/WriteImageFile.h"

#include <itkImageFileWriter.h>
#include <itkTransformFileWriter.h>

#include <fstream>
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

// ITK's text transform writer (.tfm, .txt) does not notice a full file system either; what it wrote is then a
// prefix of the whole. Whole, the file names at least `transforms` transforms (more when a part is
// itself composite), at least `parameterised` of them (all but composites) end with a complete
// "FixedParameters:" line, and so does the file.
void CheckWrittenTransformFile(const fs::path& staged, const fs::path& name, int transforms,
                               int parameterised) {
  std::ifstream in(staged, std::ios::binary);
  std::string line, last;
  int named = 0, ended = 0;
  bool newlineAtEnd = false;
  while (std::getline(in, line)) {
    named += line.rfind("Transform: ", 0) == 0;
    ended += line.rfind("FixedParameters:", 0) == 0;
    newlineAtEnd = !in.eof();
    last = line;
  }
  if (named < transforms || ended < parameterised || !newlineAtEnd ||
      last.rfind("FixedParameters:", 0) != 0) {
    throw cumed::Error("cannot write '" + name.string() + "': ITK's transform writer returned, " +
                       "but the file it wrote is incomplete (is the file system full?): it ends " +
                       "after " + std::to_string(named) + " of " + std::to_string(transforms) +
                       " transforms");
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
  const std::string extension = name.extension().string();
  if (extension == ".tfm" || extension == ".txt")
    CheckWrittenTransformFile(staged, name, transforms, parameterised);
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
