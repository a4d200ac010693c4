#include "cumed/vtk/vtkCuMedDeviceMesh.h"

#include <vtkIndent.h>
#include <vtkInformationIntegerKey.h>
#include <vtkInformationObjectBaseKey.h>
#include <vtkObjectFactory.h>

#include <utility>

vtkStandardNewMacro(vtkCuMedDeviceMesh);
vtkInformationKeyRestrictedMacro(vtkCuMedDeviceMesh, DEVICE_MESH, ObjectBase, "vtkCuMedDeviceMesh");
vtkInformationKeyMacro(vtkCuMedDeviceMesh, ACCEPTS_DEVICE_MESH, Integer);

void vtkCuMedDeviceMesh::SetMesh(std::shared_ptr<cumed::DeviceSurfaceMesh> mesh,
                                 cumed::MeshNaming naming) {
  this->Mesh = std::move(mesh);
  this->Naming = std::move(naming);
  this->Modified();
}

void vtkCuMedDeviceMesh::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  if (!this->Mesh) {
    os << indent << "Mesh: (none)\n";
    return;
  }
  os << indent << "Device: " << this->Mesh->device << "\n";
  os << indent << "NumberOfPoints: " << this->Mesh->numberOfPoints << "\n";
  os << indent << "NumberOfTriangles: " << this->Mesh->numberOfTriangles << "\n";
  os << indent << "Normals: " << (this->Mesh->normals.empty() ? "no" : "yes") << "\n";
  os << indent << "Attributes:";
  for (const std::string& name : this->Naming.attributeNames) os << " " << name;
  os << "\n";
}
