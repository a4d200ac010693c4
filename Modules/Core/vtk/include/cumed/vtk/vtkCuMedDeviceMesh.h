#pragma once
// vtkCuMedDeviceMesh: a mesh in device memory (cumed::DeviceSurfaceMesh), attached to a
// vtkPolyData as data (its vtkDataObject information, key DEVICE_MESH()) so it travels through a
// VTK pipeline, with what a host copy needs besides the buffers (MeshNaming: the names of the
// attribute arrays, how to type the point scalars). Use it through cumed/vtk/DeviceMeshData.h.
#include "cumed/core/Mesh.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkObject.h>

#include <memory>

class vtkInformationIntegerKey;
class vtkInformationObjectBaseKey;

class vtkCuMedDeviceMesh : public vtkObject {
public:
  static vtkCuMedDeviceMesh* New();
  vtkTypeMacro(vtkCuMedDeviceMesh, vtkObject);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Key on vtkDataObject::GetInformation(): the vtkCuMedDeviceMesh of that data object.
  static vtkInformationObjectBaseKey* DEVICE_MESH();
  /// Key on an algorithm's input-port information (set in FillInputPortInformation): 1 when the
  /// algorithm reads device meshes (DEVICE_MESH()) on that port.
  static vtkInformationIntegerKey* ACCEPTS_DEVICE_MESH();

  void SetMesh(std::shared_ptr<cumed::DeviceSurfaceMesh> mesh, cumed::MeshNaming naming);
  const std::shared_ptr<cumed::DeviceSurfaceMesh>& GetMesh() const { return this->Mesh; }
  const cumed::MeshNaming& GetNaming() const { return this->Naming; }

protected:
  vtkCuMedDeviceMesh() = default;
  ~vtkCuMedDeviceMesh() override = default;

private:
  vtkCuMedDeviceMesh(const vtkCuMedDeviceMesh&) = delete;
  void operator=(const vtkCuMedDeviceMesh&) = delete;

  std::shared_ptr<cumed::DeviceSurfaceMesh> Mesh;
  cumed::MeshNaming Naming;
};
