#pragma once
// Stage 2: the isosurface of the (closed) HU volume at an HU level, with vtkFlyingEdges3D and its
// own normals (ComputeNormals: central-difference gradients of the HU field, smoother than face
// normals from vtkPolyDataNormals and free, as they come out of the same pass). Points are in
// DICOM patient coordinates (mm). CuMed's isosurface filter replaces vtkFlyingEdges3D later.
#include "cumed/io/DicomSeriesReader.h"

#include <vtkSmartPointer.h>

class vtkPolyData;

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;

/// Pads (see VolumeToVtk.h), contours at `isoHu` and maps the points into patient coordinates
/// when the direction cosines are not the identity. The surface is closed for every iso level
/// the program accepts.
vtkSmartPointer<vtkPolyData> ExtractIsosurface(const HounsfieldImage* image, double isoHu);

/// Implementation label for the summary.
constexpr const char* kContourImplementation = "vtk-cpu";

} // namespace cumed::ctsurface
