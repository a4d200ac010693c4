#pragma once
// Numbers that let a user check a surface against its volume: the volume a closed surface
// encloses (vtkMassProperties), and the labels of a label volume that no voxel carries (they get
// no surface from vtkCuMedDiscreteFlyingEdges3D).
#include <vector>

class vtkImageData;
class vtkPolyData;

namespace cumed::surface {

/// Volume enclosed by a closed triangle surface in the units of its points cubed (mm^3 for a CT
/// surface; vtkMassProperties); 0 for a null surface or one without triangles.
double EnclosedVolumeMm3(vtkPolyData* surface);

/// The values of `labels` that no voxel of `image`'s active scalars equals, in the given order
/// (all of them when the image has no single-component active scalars).
std::vector<double> AbsentLabels(vtkImageData* image, const std::vector<double>& labels);

} // namespace cumed::surface
