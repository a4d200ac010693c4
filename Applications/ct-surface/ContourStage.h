#pragma once
// Stage 2: the isosurface of the (closed) HU volume at an HU level, computed where the volume is
// (the GPU after a CUDA closing): the volume is padded by one voxel of the lowest HU so the
// surface closes over structures touching the faces, contoured by CuMed's marching cubes (the
// surface of vtkFlyingEdges3D) with its normals (central-difference gradients of the HU field),
// and only the mesh comes back. Points are in DICOM patient coordinates (mm).
#include "ClosingStage.h"

#include "cumed/core/Backend.h"

#include <vtkSmartPointer.h>

#include <cstdint>
#include <memory>
#include <string>

class vtkPolyData;

namespace cumed {
struct DeviceSurfaceMesh;
}

namespace cumed::ctsurface {

struct ContourResult {
  vtkSmartPointer<vtkPolyData> surface;
  /// For the summary: "cumed-cpu" or "cumed-cuda".
  std::string implementation;
  /// Voxels of the closed volume at or above the iso level, counted where the volume is.
  std::uint64_t voxelsAtOrAboveIso = 0;
  /// With `keepDeviceMesh` on the CUDA backend: the mesh as the isosurface left it on the GPU, for
  /// the picture (its winding is the contour's; the picture is lit by the normals either way).
  std::shared_ptr<cumed::DeviceSurfaceMesh> deviceMesh;
};

/// Pads, contours at `isoHu` with `backend` (cpu or cuda, resolved; CUDA reads the volume on the
/// device) and returns the surface in patient coordinates, closed for every iso level the program
/// accepts. With `keepDeviceMesh` and CUDA the mesh also stays on the device (deviceMesh) and the
/// host surface is its one download. Throws cumed::Error when no voxel reaches `isoHu` (the
/// surface would be empty).
ContourResult ExtractIsosurface(const ClosedImage* image, double isoHu, cumed::Backend backend,
                                bool keepDeviceMesh = false);

} // namespace cumed::ctsurface
