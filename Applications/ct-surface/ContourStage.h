#pragma once
// Stage 2: the isosurface of the (closed) HU volume at an HU level, with CuMed's
// vtkCuMedFlyingEdges3D (the surface of vtkFlyingEdges3D, on the CPU or a CUDA GPU) and its own
// normals (ComputeNormals: central-difference gradients of the HU field, smoother than face
// normals from vtkPolyDataNormals and free, as they come out of the same pass). Points are in
// DICOM patient coordinates (mm).
#include "cumed/core/Backend.h"
#include "cumed/io/DicomSeriesReader.h"

#include <vtkSmartPointer.h>

#include <string>

class vtkPolyData;

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;

struct ContourResult {
  vtkSmartPointer<vtkPolyData> surface;
  /// For the summary: "cumed-cpu" or "cumed-cuda", or "vtk-cpu" if VTK's own filter ran.
  std::string implementation;
};

/// Pads (see VolumeToVtk.h), contours at `isoHu` on `backend` (cpu or cuda, resolved) and maps
/// the points into patient coordinates when the direction cosines are not the identity. The
/// surface is closed for every iso level the program accepts. Throws cumed::Error with the
/// filter's message when it fails.
ContourResult ExtractIsosurface(const HounsfieldImage* image, double isoHu, cumed::Backend backend);

} // namespace cumed::ctsurface
