#pragma once
// Volumes ITK reads: image files (.mha .mhd .nrrd .nii .nii.gz) and DICOM CT series (CuMed's IO
// reader, int16 HU), handed to VTK without a copy (the vtkImageData's scalars point into the ITK
// buffer, which Volume::pixelOwner keeps alive).
#include "Volume.h"

#include <filesystem>

namespace cumed::isosurfaceapp {

/// Reads a scalar 3D image file. uint8, int16, uint16 and float images keep their type; any other
/// scalar type is read as float (Volume::conversion says so). Throws cumed::Error naming the file
/// for an unreadable file, several components per pixel, or a dimension other than 3.
Volume ReadItkImageFile(const std::filesystem::path& file);

/// Reads the DICOM CT series of `directory` (the one with the most slices) as int16 HU in patient
/// coordinates. Throws cumed::io::DicomError for a series that cannot be used.
Volume ReadDicomSeries(const std::filesystem::path& directory);

} // namespace cumed::isosurfaceapp
