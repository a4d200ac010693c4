#pragma once
// Any volume CuMed reads (a DICOM CT series directory, an image file ITK reads: .mha .mhd .nrrd
// .nii .nii.gz, or a VTK XML image: .vti) as a vtkImageData with its world geometry (origin,
// spacing, direction) and one active point-scalar array of a type CuMed contours (uint8, int16,
// uint16, float), whatever the input was. The VTK side of CuMed::ImageInput (built with VTK).
// ITK images reach VTK without a copy: the scalars point into the ITK buffer (Core's bridge),
// which VtkVolume::pixelOwner keeps alive.
#include "cumed/io/VolumeLocation.h"

#include <itkLightObject.h>
#include <vtkImageData.h>
#include <vtkSmartPointer.h>

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>

namespace cumed::io {

struct VtkVolume {
  vtkSmartPointer<vtkImageData> image;
  /// Owns the pixels the scalars point into when they are an ITK image's buffer (no copy).
  itk::LightObject::Pointer pixelOwner;
  std::string pixelType;  ///< of the scalars: uint8, int16, uint16, float
  std::string conversion; ///< e.g. "double read as float"; empty when the type was kept
  /// A DICOM series: what the read adjusted (io::DescribeReadAdjustments: a resampled gantry
  /// tilt, rounded non-integer rescale); empty otherwise.
  std::string adjustments;
};

/// Reads the volume `location` names (LocateVolume):
/// - a DICOM directory: its CT series (`series`, else the best axial CT) as int16 HU in patient
///   coordinates, array "HU"; throws cumed::io::DicomError for a series that cannot be used;
/// - an ITK image file: a scalar 3D image; uint8, int16, uint16 and float keep their type, any
///   other scalar type is read as float, array "scalars"; throws cumed::Error naming the file for
///   an unreadable file, several components per pixel, or a dimension other than 3;
/// - a .vti file: its active scalars (or only point array); types CuMed does not contour become
///   float; throws cumed::Error naming the file when it cannot be read, has no array to contour,
///   or that array has several components.
/// `conversion` says when the type was converted.
/// `series`: which series of a DICOM directory (DicomReadOptions::series; empty: the default
/// rule, DicomSeriesList.h).
VtkVolume ReadVtkVolume(const VolumeLocation& location, const std::string& series = {});

/// Throws cumed::Error naming `input` (as INPUT) unless `image` has at least 2 points along every
/// axis: marching cubes needs cells.
void CheckIsVolume(vtkImageData* image, const std::string& input);
/// The same rule for a volume of `size` points (x, y, z), e.g. a DICOM series read with ITK.
void CheckIsVolume(const std::array<std::size_t, 3>& size, const std::string& input);

} // namespace cumed::io
