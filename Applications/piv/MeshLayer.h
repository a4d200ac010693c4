#pragma once
// A coloured triangle mesh drawn over a --png picture's frame: a device mesh through
// vtkCuMedDeviceMeshMapper (CUDA-OpenGL interop, or one host copy with the reason), a host mesh
// through vtkPolyDataMapper; blue (low) to red (high) over a colour range; in px, scaled to the
// frame's world coordinates. The arrows (ArrowLayer.h) and pathline ribbons (PathlineLayer.h)
// are such layers.
#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "cumed/core/Mesh.h"

#include <vtkSmartPointer.h>

#include <array>
#include <memory>

class vtkActor;
class vtkCuMedDeviceMeshMapper;

namespace cumed::pivapp {

struct MeshLayer {
  vtkSmartPointer<vtkActor> actor;
  /// The mapper of a device mesh (after a render it says how it drew: interop or host); null
  /// when the layer is a host mesh.
  vtkSmartPointer<vtkCuMedDeviceMeshMapper> deviceMapper;
  Backend meshBackend = Backend::CPU; ///< where the geometry was built
};

/// The layer of `device` when set, else of `host`; attributes[0] named `colourName` colours it
/// over `range`.
MeshLayer MakeMeshLayer(const SurfaceMesh& host, const std::shared_ptr<DeviceSurfaceMesh>& device,
                        const char* colourName, const std::array<double, 2>& range,
                        const ImageGeometry& frame);

} // namespace cumed::pivapp
