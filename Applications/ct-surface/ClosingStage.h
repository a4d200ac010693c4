#pragma once
// Stage 1: grayscale morphological closing of the HU volume with a ball, which fills small gaps
// and pores in bone before the isosurface. CuMed's drop-in ITK filter, on the CPU or the GPU.
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/CudaImage.h"

#include <array>
#include <functional>

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;
/// The closed volume: on the GPU after a CUDA closing (nothing copied back), else on the host.
using ClosedImage = cumed::CudaImage<std::int16_t, 3>;

/// Ball radius in voxels per axis: round(radiusMm / spacing[i]), checked before any kernel is
/// made. UsageError naming --radius-mm and its value when an axis is above the library's limit
/// (StructuringElement::kMaxRadius) or the ball's box above 2^27 voxels, and, unless
/// `allowLarge` (--allow-large-element), when the ball is more than twice the volume along an axis
/// (cumed::app::CheckElementAgainstVolume).
std::array<int, 3> BallRadiusInVoxels(const HounsfieldImage* image, double radiusMm,
                                      bool allowLarge);

/// True when every axis of `radius` is 0 (the closing would change nothing).
bool IsZeroRadius(const std::array<int, 3>& radius);

struct ClosingResult {
  ClosedImage::Pointer image;
  cumed::Implementation backend; ///< what ran (CPU or CUDA)
};

/// Closes `image` with ITK's flat ball of `radius` voxels, with SafeBorder (the volume faces are
/// not eroded): cumed::GrayscaleMorphologicalClosingImageFilter, equal to ITK's filter bit for
/// bit. The volume goes up once and the result stays on the device with the CUDA backend.
/// `progress` gets fractions in [0, 1]; a note names the work first when it is large.
ClosingResult CloseWithBall(HounsfieldImage* image, const std::array<int, 3>& radius,
                            cumed::Backend backend, const std::function<void(double)>& progress);

/// The read volume as a ClosedImage, sharing its pixels (for runs that skip the closing).
ClosedImage::Pointer WithoutClosing(HounsfieldImage* image);

} // namespace cumed::ctsurface
