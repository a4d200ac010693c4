#include "cumed/vtk/DeviceMeshData.h"

#include "cumed/core/Error.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkAlgorithm.h>
#include <vtkDataObject.h>
#include <vtkExecutive.h>
#include <vtkInformation.h>
#include <vtkInformationExecutivePortVectorKey.h>
#include <vtkInformationIntegerKey.h>
#include <vtkInformationObjectBaseKey.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <string>
#include <utility>

namespace cumed {
namespace {

vtkCuMedDeviceMesh* HolderOf(vtkDataObject* data) {
  if (!data || !vtkPolyData::SafeDownCast(data)) return nullptr;
  vtkInformation* info = data->GetInformation();
  return info ? vtkCuMedDeviceMesh::SafeDownCast(vtkCuMedDeviceMesh::DEVICE_MESH()->Get(info))
              : nullptr;
}

void CheckNaming(const DeviceSurfaceMesh& mesh, const MeshNaming& naming) {
  if (naming.attributeNames.size() != mesh.attributes.size())
    throw InvalidArgument("SetDeviceMesh: " + std::to_string(naming.attributeNames.size()) +
                          " attribute names for " + std::to_string(mesh.attributes.size()) +
                          " attribute arrays of the device mesh");
  if (naming.scalarsType != 0 && naming.scalarsBlockValues.size() + 1 != mesh.pointOffsets.size())
    throw InvalidArgument("SetDeviceMesh: " + std::to_string(naming.scalarsBlockValues.size()) +
                          " scalar values for a device mesh of " +
                          std::to_string(mesh.pointOffsets.size()) +
                          " point offsets (one value per block expected)");
}

} // namespace

void AcceptDeviceMeshes(vtkInformation* inputPortInformation) {
  inputPortInformation->Set(vtkCuMedDeviceMesh::ACCEPTS_DEVICE_MESH(), 1);
}

DeviceMeshConsumers CountDeviceMeshConsumers(vtkInformation* outputInformation) {
  DeviceMeshConsumers consumers;
  if (!outputInformation) return consumers;
  vtkInformationExecutivePortVectorKey* key = vtkExecutive::CONSUMERS();
  const int count = key->Length(outputInformation);
  vtkExecutive** executives = key->GetExecutives(outputInformation);
  int* ports = key->GetPorts(outputInformation);
  for (int i = 0; i < count; ++i) {
    vtkAlgorithm* consumer = executives[i] ? executives[i]->GetAlgorithm() : nullptr;
    vtkInformation* port = consumer && ports[i] >= 0 && ports[i] < consumer->GetNumberOfInputPorts()
                               ? consumer->GetInputPortInformation(ports[i])
                               : nullptr;
    if (port && port->Get(vtkCuMedDeviceMesh::ACCEPTS_DEVICE_MESH()) != 0) {
      ++consumers.accepting;
    } else {
      ++consumers.others;
    }
  }
  return consumers;
}

bool KeepMeshOnDeviceFor(const DeviceMeshConsumers& consumers, bool keepWithoutConsumers) {
  if (consumers.others > 0) return false;
  return consumers.accepting > 0 || keepWithoutConsumers;
}

std::shared_ptr<DeviceSurfaceMesh> GetDeviceMesh(vtkDataObject* data) {
  vtkCuMedDeviceMesh* holder = HolderOf(data);
  return holder ? holder->GetMesh() : nullptr;
}

void SetDeviceMesh(vtkPolyData* data, std::shared_ptr<DeviceSurfaceMesh> mesh, MeshNaming naming) {
  if (!mesh) throw InvalidArgument("SetDeviceMesh: no device mesh (null)");
  CheckNaming(*mesh, naming);
  vtkNew<vtkCuMedDeviceMesh> holder;
  holder->SetMesh(std::move(mesh), std::move(naming));
  data->Initialize();
  data->GetInformation()->Set(vtkCuMedDeviceMesh::DEVICE_MESH(), holder);
}

void RemoveDeviceMesh(vtkDataObject* data) {
  if (data && data->GetInformation()) {
    data->GetInformation()->Remove(vtkCuMedDeviceMesh::DEVICE_MESH());
  }
}

void MaterializeOnHost(vtkPolyData* data) {
  // Held here: ToVtkPolyData drops the key, and with it possibly the last reference.
  vtkSmartPointer<vtkCuMedDeviceMesh> holder = HolderOf(data);
  if (!holder || !holder->GetMesh()) return;
  SurfaceMesh host = holder->GetMesh()->toHost();
  // Initialize() in ToVtkPolyData drops the piece keys the pipeline set when the data was made;
  // without them the producer would look out of date and run again.
  vtkNew<vtkInformation> pipelineKeys;
  pipelineKeys->Copy(data->GetInformation());
  pipelineKeys->Remove(vtkCuMedDeviceMesh::DEVICE_MESH());
  ToVtkPolyDataNamed(host, data, holder->GetNaming());
  data->GetInformation()->Copy(pipelineKeys);
}

} // namespace cumed
