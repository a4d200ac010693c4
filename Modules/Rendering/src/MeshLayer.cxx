#include "cumed/rendering/MeshLayer.h"

#include "cumed/core/Error.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkActor.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>

#include <string>

namespace cumed::rendering {

MeshLayer MakeMeshLayer(const SurfaceMesh& host, const std::shared_ptr<DeviceSurfaceMesh>& device,
                        const char* colourName, const std::array<double, 2>& range,
                        const ImageGeometry& frame) {
  if (!(range[1] > range[0]))
    throw InvalidArgument("mesh layer '" + std::string(colourName) + "': the colour range [" +
                          std::to_string(range[0]) + ", " + std::to_string(range[1]) +
                          "] is empty");
  if (!(frame.spacing[0] > 0) || !(frame.spacing[1] > 0))
    throw InvalidArgument("mesh layer '" + std::string(colourName) +
                          "': the picture's spacing must be > 0");
  MeshNaming naming;
  naming.attributeNames = {colourName};
  MeshLayer layer;
  layer.meshBackend = device ? Backend::CUDA : Backend::CPU;
  vtkNew<vtkPolyData> mesh;
  vtkSmartPointer<vtkPolyDataMapper> mapper;
  if (device) {
    SetDeviceMesh(mesh, device, naming);
    layer.deviceMapper = vtkSmartPointer<vtkCuMedDeviceMeshMapper>::New();
    mapper = layer.deviceMapper;
  } else {
    ToVtkPolyDataNamed(host, mesh, naming);
    mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  }
  mapper->SetInputData(mesh);
  vtkNew<vtkLookupTable> colours;
  colours->SetHueRange(0.667, 0.0); // blue (low) to red (high)
  colours->Build();
  mapper->SetLookupTable(colours);
  mapper->ScalarVisibilityOn();
  mapper->SetScalarModeToUsePointFieldData();
  mapper->SelectColorArray(colourName);
  mapper->SetScalarRange(range[0], range[1]);

  layer.actor = vtkSmartPointer<vtkActor>::New();
  layer.actor->SetMapper(mapper);
  // The geometry is in px; the frame's world coordinates are px x spacing.
  layer.actor->SetScale(frame.spacing[0], frame.spacing[1], 1.0);
  return layer;
}

} // namespace cumed::rendering
