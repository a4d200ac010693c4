// ReadVtiImage: the checks of VtiFileChecks.h, VTK's XML reader, the array to use, and float for
// the types CuMed has no image of.
#include "cumed/io/VtiImage.h"

#include "VtiFileChecks.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageInputChecks.h"
#include "cumed/vtk/UpdateOrThrow.h"

#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLImageDataReader.h>

namespace cumed::io {
namespace {

// The point array to read: the active scalars, else the only array there is.
vtkDataArray* ArrayToRead(vtkImageData* image, const std::string& name) {
  vtkPointData* pointData = image->GetPointData();
  if (vtkDataArray* scalars = pointData->GetScalars()) return scalars;
  if (pointData->GetNumberOfArrays() == 1 && pointData->GetArray(0)) {
    pointData->SetActiveScalars(pointData->GetArrayName(0));
    return pointData->GetScalars();
  }
  throw cumed::Error("INPUT '" + name + "' has " + std::to_string(pointData->GetNumberOfArrays()) +
                     " point arrays and none is the active scalars: nothing to contour");
}

// The CuMed pixel type of a VTK array type; false for those CuMed has no image of.
bool KeptType(int vtkType, PixelType& type) {
  switch (vtkType) {
  case VTK_UNSIGNED_CHAR:
    type = PixelType::UInt8;
    return true;
  case VTK_SHORT:
    type = PixelType::Int16;
    return true;
  case VTK_UNSIGNED_SHORT:
    type = PixelType::UInt16;
    return true;
  case VTK_FLOAT:
    type = PixelType::Float32;
    return true;
  default:
    return false;
  }
}

// The reader reports a short data array as a warning at best: every point needs its value.
void CheckEveryPointHasAValue(vtkImageData* image, vtkDataArray* scalars, const std::string& name) {
  const vtkIdType points = image->GetNumberOfPoints();
  if (scalars->GetNumberOfTuples() != points) {
    throw cumed::Error("INPUT '" + name + "': the point array '" +
                       (scalars->GetName() ? scalars->GetName() : "") + "' has " +
                       std::to_string(scalars->GetNumberOfTuples()) + " values for " +
                       std::to_string(points) + " points: the file is truncated or corrupt");
  }
}

} // namespace

VtiImage ReadVtiImage(const std::filesystem::path& file) {
  const std::string name = file.string();
  vtkNew<vtkXMLImageDataReader> reader;
  if (!reader->CanReadFile(name.c_str())) {
    throw cumed::Error("cannot read INPUT '" + name + "': not a VTK XML image file (.vti)");
  }
  reader->SetFileName(name.c_str());
  detail::CheckVtiFileBeforeReading(reader, file);
  try {
    cumed::UpdateOrThrow(reader);
  } catch (const cumed::Error& e) {
    throw cumed::Error("cannot read INPUT '" + name + "': " + e.what());
  }
  VtiImage result;
  result.image = vtkSmartPointer<vtkImageData>::New();
  result.image->ShallowCopy(reader->GetOutput());
  vtkDataArray* scalars = ArrayToRead(result.image, name);
  CheckEveryPointHasAValue(result.image, scalars, name);
  if (KeptType(scalars->GetDataType(), result.pixelType)) return result;
  result.pixelType = PixelType::Float32;
  result.conversion = std::string(scalars->GetDataTypeAsString()) + " read as float";
  vtkNew<vtkFloatArray> converted;
  converted->DeepCopy(scalars); // converts each value to float
  // Same name: it replaces the original array in the point data.
  converted->SetName(scalars->GetName() ? scalars->GetName() : "scalars");
  result.image->GetPointData()->SetScalars(converted);
  return result;
}

} // namespace cumed::io
