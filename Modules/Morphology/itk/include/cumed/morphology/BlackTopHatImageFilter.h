#pragma once
// Drop-in for itk::BlackTopHatImageFilter (black top-hat: closing minus the input): derives from
// it, so it takes the same template arguments, setters and defaults, and gives the same output,
// computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BlackTopHatImageFilter : public GrayscaleSafeBorderFamily<
                                   itk::BlackTopHatImageFilter<TInputImage, TOutputImage, TKernel>,
                                   morphology::GrayscaleOperation::BlackTopHat> {
  CUMED_MORPHOLOGY_FILTER(
      BlackTopHatImageFilter,
      GrayscaleSafeBorderFamily<itk::BlackTopHatImageFilter<TInputImage, TOutputImage, TKernel>,
                                morphology::GrayscaleOperation::BlackTopHat>)
};

} // namespace cumed
