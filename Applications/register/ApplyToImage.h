#pragma once
// cumed-register --apply-transform T --image IMAGE --reference REF: a saved transform applied to
// an image, as transformix does: IMAGE (in moving space) resampled onto REF's grid (the fixed
// image's) through T (fixed -> moving), linear, --default-value outside.
#include "InputImages.h"

#include <itkTransformBase.h>

#include <filesystem>

namespace cumed::registerapp {

struct ImageApplication {
  const itk::TransformBaseTemplate<double>* transform; ///< of D-dimensional points
  const InputImage& image;
  const InputImage& reference;
  double defaultValue = 0.0;
  bool compress = false;
};

/// Writes the resampled image to `staged` (named `output` in messages). Throws cumed::Error
/// naming the file when the transform is not one of D-dimensional points or writing fails.
template <unsigned D>
void ApplyToImage(const ImageApplication& job, const std::filesystem::path& staged,
                  const std::filesystem::path& output);

} // namespace cumed::registerapp
