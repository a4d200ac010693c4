#pragma once
// The volume handed to the contour stage: a vtkImageData with its world geometry (origin,
// spacing, direction) and one active point-scalar array of a type CuMed contours (uint8, int16,
// uint16, float), whatever the input was.
#include <itkLightObject.h>
#include <vtkImageData.h>
#include <vtkSmartPointer.h>

#include <string>

namespace cumed::isosurfaceapp {

struct Volume {
  vtkSmartPointer<vtkImageData> image;
  /// Owns the pixels the scalars point into when they are an ITK image's buffer (no copy).
  itk::LightObject::Pointer pixelOwner;
  std::string pixelType;  ///< of the contoured scalars: uint8, int16, uint16, float
  std::string conversion; ///< e.g. "double read as float"; empty when the type was kept
};

} // namespace cumed::isosurfaceapp
