#pragma once
// Stage 1: grayscale morphological closing of the HU volume with a ball, which fills small gaps
// and pores in bone before the isosurface. ITK's filter for now; CuMed's morphology filter
// replaces it later behind the same function.
#include "cumed/io/DicomSeriesReader.h"

#include <functional>
#include <itkSize.h>

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;

/// Ball radius in voxels per axis: round(radiusMm / spacing[i]).
itk::Size<3> BallRadiusInVoxels(const HounsfieldImage::SpacingType& spacing, double radiusMm);

/// True when every axis of `radius` is 0 (the closing would change nothing).
bool IsZeroRadius(const itk::Size<3>& radius);

/// Closes `image` with a flat ball of `radius` voxels
/// (itk::GrayscaleMorphologicalClosingImageFilter with SafeBorder, so the volume faces are not
/// eroded). `progress` gets fractions in [0, 1].
HounsfieldImage::Pointer CloseWithBall(const HounsfieldImage* image, const itk::Size<3>& radius,
                                       const std::function<void(double)>& progress);

/// Implementation label for the summary.
constexpr const char* kClosingImplementation = "itk-cpu";

} // namespace cumed::ctsurface
