#include "DeviceMeshConsumer.h"

#include <cumed/vtk/DeviceMeshData.h>

#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPolyData.h>

std::shared_ptr<cumed::DeviceSurfaceMesh> cumed::vtktest::EmptyDeviceMesh(int attributes,
                                                                          int blocks) {
  auto mesh = std::make_shared<DeviceSurfaceMesh>();
  mesh->attributes.resize(attributes);
  mesh->pointOffsets.assign(blocks + 1, 0);
  mesh->triangleOffsets.assign(blocks + 1, 0);
  return mesh;
}

vtkStandardNewMacro(vtkCuMedTestDeviceMeshConsumer);

int vtkCuMedTestDeviceMeshConsumer::FillInputPortInformation(int port, vtkInformation* info) {
  if (!this->Superclass::FillInputPortInformation(port, info)) return 0;
  cumed::AcceptDeviceMeshes(info);
  return 1;
}

int vtkCuMedTestDeviceMeshConsumer::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                                vtkInformationVector*) {
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  ++this->Runs;
  this->LastDeviceMesh = cumed::GetDeviceMesh(input);
  this->LastInputPoints = input ? input->GetNumberOfPoints() : -1;
  this->LastInputPolys = input ? input->GetNumberOfPolys() : -1;
  return 1;
}
