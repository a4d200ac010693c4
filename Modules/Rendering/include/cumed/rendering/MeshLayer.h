#pragma once
// A coloured triangle mesh to draw over a picture (LayerPicture.h): a device mesh through
// vtkCuMedDeviceMeshMapper (CUDA-OpenGL interop, or one host copy with the reason), a host mesh
// through vtkPolyDataMapper; blue (low) to red (high) over a colour range; the geometry in
// pixels, scaled to the picture's world coordinates. PIV's arrows and pathline ribbons
// (cumed/piv/PictureMeshes.h) are such layers.
#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "cumed/core/Mesh.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"

#include <vtkActor.h>
#include <vtkSmartPointer.h>

#include <array>
#include <memory>

namespace cumed::rendering {

struct MeshLayer {
  vtkSmartPointer<vtkActor> actor;
  /// The mapper of a device mesh (after a render it says how it drew: interop or host); null
  /// when the layer is a host mesh.
  vtkSmartPointer<vtkCuMedDeviceMeshMapper> deviceMapper;
  Backend meshBackend = Backend::CPU; ///< where the geometry was built
};

/// The layer of `device` when set, else of `host`; the point attribute named `colourName`
/// (attributes[0]) colours it over `range`; the geometry (in pixels) is scaled by the spacing of
/// `frame`, the picture's grid. Throws cumed::InvalidArgument for an empty colour range
/// (range[1] <= range[0]) or a non-positive spacing.
MeshLayer MakeMeshLayer(const SurfaceMesh& host, const std::shared_ptr<DeviceSurfaceMesh>& device,
                        const char* colourName, const std::array<double, 2>& range,
                        const ImageGeometry& frame);

} // namespace cumed::rendering
