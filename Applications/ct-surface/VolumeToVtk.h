#pragma once
// Hands the HU volume to VTK without ITKVtkGlue: a copy of the pixels in a vtkImageData, padded
// by one voxel on every side with the lowest int16 value. The padding lies below any iso level
// the program accepts, so the isosurface closes over structures that touch the volume faces
// instead of stopping open at them (a closed surface has a volume and can be 3D printed).
#include "cumed/io/DicomSeriesReader.h"

#include <vtkSmartPointer.h>

class vtkImageData;
class vtkMatrix4x4;

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;

/// The padded copy. Its extent is [-1, n] per axis, so voxel (i, j, k) keeps its index and lies at
/// origin + (i, j, k) * spacing. With identity direction cosines the origin is the ITK origin and
/// VTK coordinates are patient coordinates; otherwise the origin is 0 and the caller maps points
/// with IndexSpaceToPatient().
vtkSmartPointer<vtkImageData> ToPaddedVtkImage(const HounsfieldImage* image);

/// True when the image's direction cosines are the identity (VTK's filters ignore directions).
bool HasIdentityDirection(const HounsfieldImage* image);

/// x_patient = origin + D * x_vtk for the non-identity case: the ITK direction D and origin.
vtkSmartPointer<vtkMatrix4x4> IndexSpaceToPatient(const HounsfieldImage* image);

} // namespace cumed::ctsurface
