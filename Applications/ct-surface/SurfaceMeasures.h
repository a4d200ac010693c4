#pragma once
// A number that lets a user (and the smoke test) check a surface against its volume: the volume
// the closed surface encloses (the voxel volume and the voxels at or above the iso level come
// from CuMed::CtSurface).
class vtkPolyData;

namespace cumed::ctsurface {

/// Volume enclosed by a closed triangle surface in mm^3 (vtkMassProperties); 0 without triangles.
double EnclosedVolumeMm3(vtkPolyData* surface);

} // namespace cumed::ctsurface
