#include "cumed/vtk/vtkCuMedDeviceMeshPipeline.h"

#include "cumed/vtk/DeviceMeshData.h"

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPolyData.h>

#include <exception>
#include <new>

vtkStandardNewMacro(vtkCuMedDeviceMeshPipeline);

void vtkCuMedDeviceMeshPipeline::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  os << indent << "KeepWithoutConsumers: " << (this->KeepWithoutConsumers ? "On" : "Off") << "\n";
  os << indent << "NumberOfMaterializations: " << this->NumberOfMaterializations << "\n";
}

bool vtkCuMedDeviceMeshPipeline::NeedsMaterializing(int port,
                                                    vtkInformationVector* outInfoVec) const {
  vtkInformation* outInfo = outInfoVec->GetInformationObject(port);
  if (!outInfo) return false;
  vtkDataObject* data = outInfo->Get(vtkDataObject::DATA_OBJECT());
  if (!cumed::GetDeviceMesh(data)) return false;
  return !cumed::KeepMeshOnDeviceFor(cumed::CountDeviceMeshConsumers(outInfo),
                                     this->KeepWithoutConsumers);
}

int vtkCuMedDeviceMeshPipeline::NeedToExecuteData(int outputPort, vtkInformationVector** inInfoVec,
                                                  vtkInformationVector* outInfoVec) {
  this->MaterializeOnly = false;
  if (this->Superclass::NeedToExecuteData(outputPort, inInfoVec, outInfoVec)) return 1;
  const int ports = outInfoVec->GetNumberOfInformationObjects();
  for (int port = 0; port < ports; ++port) {
    if ((outputPort < 0 || port == outputPort) && this->NeedsMaterializing(port, outInfoVec)) {
      this->MaterializeOnly = true;
    }
  }
  return this->MaterializeOnly ? 1 : 0;
}

int vtkCuMedDeviceMeshPipeline::ExecuteData(vtkInformation* request,
                                            vtkInformationVector** inInfoVec,
                                            vtkInformationVector* outInfoVec) {
  if (!this->MaterializeOnly) return this->Superclass::ExecuteData(request, inInfoVec, outInfoVec);
  this->MaterializeOnly = false;
  // Nothing upstream changed: the device mesh is the algorithm's current output, so one download
  // replaces a second run (upload, contour, download). Start/End keep VTK's bookkeeping (events,
  // progress, the output's update time); preparing the outputs leaves the device mesh in place.
  this->ExecuteDataStart(request, inInfoVec, outInfoVec);
  int result = 1;
  for (int port = 0; port < outInfoVec->GetNumberOfInformationObjects(); ++port) {
    vtkPolyData* output = vtkPolyData::SafeDownCast(
        outInfoVec->GetInformationObject(port)->Get(vtkDataObject::DATA_OBJECT()));
    try {
      if (cumed::GetDeviceMesh(output)) {
        cumed::MaterializeOnHost(output);
        ++this->NumberOfMaterializations;
      }
    } catch (const std::bad_alloc&) {
      vtkErrorWithObjectMacro(this->Algorithm, << "the device mesh of output port " << port
                                               << " could not be copied to the host: out of "
                                                  "memory");
      result = 0;
    } catch (const std::exception& e) {
      vtkErrorWithObjectMacro(this->Algorithm, << "the device mesh of output port " << port
                                               << " could not be copied to the host: " << e.what());
      result = 0;
    }
  }
  this->ExecuteDataEnd(request, inInfoVec, outInfoVec);
  return result;
}
