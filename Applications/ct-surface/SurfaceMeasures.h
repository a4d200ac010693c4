#pragma once
// Numbers that let a user (and the smoke test) check a surface against its volume: the volume of
// a voxel and the volume the closed surface encloses (the voxels at or above the iso level are
// counted by the contour stage, where the volume is).
#include "cumed/io/DicomSeriesReader.h"

#include <cstdint>

class vtkPolyData;

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;

/// Volume of one voxel in mm^3.
double VoxelVolumeMm3(const HounsfieldImage* image);

/// Volume enclosed by a closed triangle surface in mm^3 (vtkMassProperties); 0 without triangles.
double EnclosedVolumeMm3(vtkPolyData* surface);

} // namespace cumed::ctsurface
