#pragma once
// Drop-in for itk::WhiteTopHatImageFilter (white top-hat: input minus its opening): derives from
// it, so it takes the same template arguments, setters and defaults, and gives the same output,
// computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class WhiteTopHatImageFilter : public GrayscaleSafeBorderFamily<
                                   itk::WhiteTopHatImageFilter<TInputImage, TOutputImage, TKernel>,
                                   morphology::GrayscaleOperation::WhiteTopHat> {
  CUMED_MORPHOLOGY_FILTER(
      WhiteTopHatImageFilter,
      GrayscaleSafeBorderFamily<itk::WhiteTopHatImageFilter<TInputImage, TOutputImage, TKernel>,
                                morphology::GrayscaleOperation::WhiteTopHat>)
};

} // namespace cumed
