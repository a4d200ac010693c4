#include "VtiVolume.h"
#include "VtiFileChecks.h"

#include "cumed/core/Error.h"
#include "cumed/surface/UpdateOrThrow.h"

#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLImageDataReader.h>

namespace cumed::isosurfaceapp {
namespace {

// The point array to contour: the active scalars, else the only array there is.
vtkDataArray* ContouredArray(vtkImageData* image, const std::string& name) {
  vtkPointData* pointData = image->GetPointData();
  if (vtkDataArray* scalars = pointData->GetScalars()) return scalars;
  if (pointData->GetNumberOfArrays() == 1 && pointData->GetArray(0)) {
    pointData->SetActiveScalars(pointData->GetArrayName(0));
    return pointData->GetScalars();
  }
  throw cumed::Error("INPUT '" + name + "' has " + std::to_string(pointData->GetNumberOfArrays()) +
                     " point arrays and none is the active scalars: nothing to contour");
}

const char* CuMedTypeName(int vtkType) {
  switch (vtkType) {
  case VTK_UNSIGNED_CHAR:
    return "uint8";
  case VTK_SHORT:
    return "int16";
  case VTK_UNSIGNED_SHORT:
    return "uint16";
  case VTK_FLOAT:
    return "float";
  default:
    return nullptr;
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

Volume ReadVtiFile(const std::filesystem::path& file) {
  const std::string name = file.string();
  vtkNew<vtkXMLImageDataReader> reader;
  if (!reader->CanReadFile(name.c_str())) {
    throw cumed::Error("cannot read INPUT '" + name + "': not a VTK XML image file (.vti)");
  }
  reader->SetFileName(name.c_str());
  CheckVtiFileBeforeReading(reader, file);
  try {
    cumed::surface::UpdateOrThrow(reader);
  } catch (const cumed::Error& e) {
    throw cumed::Error("cannot read INPUT '" + name + "': " + e.what());
  }
  Volume volume;
  volume.image = vtkSmartPointer<vtkImageData>::New();
  volume.image->ShallowCopy(reader->GetOutput());
  vtkDataArray* scalars = ContouredArray(volume.image, name);
  CheckEveryPointHasAValue(volume.image, scalars, name);
  if (scalars->GetNumberOfComponents() != 1) {
    throw cumed::Error("INPUT '" + name + "': the point array '" +
                       (scalars->GetName() ? scalars->GetName() : "") + "' has " +
                       std::to_string(scalars->GetNumberOfComponents()) +
                       " components; an isosurface needs one value per voxel");
  }
  if (const char* type = CuMedTypeName(scalars->GetDataType())) {
    volume.pixelType = type;
    return volume;
  }
  volume.conversion = std::string(scalars->GetDataTypeAsString()) + " read as float";
  vtkNew<vtkFloatArray> converted;
  converted->DeepCopy(scalars); // converts each value to float
  // Same name: it replaces the original array in the point data.
  converted->SetName(scalars->GetName() ? scalars->GetName() : "scalars");
  volume.image->GetPointData()->SetScalars(converted);
  volume.pixelType = "float";
  return volume;
}

} // namespace cumed::isosurfaceapp
