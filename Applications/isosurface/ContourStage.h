#pragma once
// The isosurfaces (or label surfaces) of the volume, through CuMed's VTK filters:
// vtkCuMedFlyingEdges3D for --iso, vtkCuMedDiscreteFlyingEdges3D for --labels.
#include "Arguments.h"

#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <string>

class vtkImageData;

namespace cumed::isosurfaceapp {

struct ContourResult {
  /// Host arrays, or with --png after a CUDA run on one GPU a device mesh only
  /// (cumed::GetDeviceMesh), for the picture to be drawn from the GPU.
  vtkSmartPointer<vtkPolyData> surface;
  std::string backend; ///< what ran: "cpu", "cuda", or "vtk" (VTK's own filter)
};

/// Contours the active scalars of `image` at the values of `arguments` with its normals,
/// backend, GPUs and slabs. With several values every point carries its contour value (the
/// scalars, named like the input's), which tells the surfaces apart. Throws cumed::Error with the
/// filter's message when it fails (e.g. --backend cuda without a usable device).
ContourResult ExtractSurfaces(vtkImageData* image, const Arguments& arguments);

} // namespace cumed::isosurfaceapp
