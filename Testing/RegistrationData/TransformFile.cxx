#include "TransformFile.h"

#include "cumed/core/Error.h"
#include "cumed/registration/itk/BSplineTransformBridge.h"

#include <itkTransformFileWriter.h>

namespace cumed::regdata {

void WriteBSplineTransform(const registration::BSplineGrid& grid, const std::string& path) {
  auto writer = itk::TransformFileWriterTemplate<double>::New();
  writer->SetInput(registration::ToItkBSplineTransform(grid));
  writer->SetFileName(path);
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw Error("cannot write transform file '" + path + "': " + e.GetDescription());
  }
}

} // namespace cumed::regdata
