#pragma once
// For the tests of device meshes carried through VTK pipelines: a consumer that accepts device
// meshes on its input port (cumed::AcceptDeviceMeshes), records what it was given (device mesh or
// host arrays) and passes nothing on (its output is an empty vtkPolyData); and a device mesh
// without points, which needs no GPU to exist or to be materialised.
#include <cumed/core/Mesh.h>

#include <vtkPolyDataAlgorithm.h>

#include <memory>

namespace cumed::vtktest {
/// No points or triangles; `attributes` (empty) attribute buffers, one block per contour value.
std::shared_ptr<DeviceSurfaceMesh> EmptyDeviceMesh(int attributes, int blocks);
} // namespace cumed::vtktest

class vtkCuMedTestDeviceMeshConsumer : public vtkPolyDataAlgorithm {
public:
  static vtkCuMedTestDeviceMeshConsumer* New();
  vtkTypeMacro(vtkCuMedTestDeviceMeshConsumer, vtkPolyDataAlgorithm);

  /// The device mesh of the input at the last run; null when it was host data.
  std::shared_ptr<cumed::DeviceSurfaceMesh> LastDeviceMesh;
  vtkIdType LastInputPoints = -1; ///< host points of the input at the last run
  vtkIdType LastInputPolys = -1;  ///< host triangles of the input at the last run
  int Runs = 0;

protected:
  vtkCuMedTestDeviceMeshConsumer() = default;
  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector** inputVector,
                  vtkInformationVector* outputVector) override;
};
