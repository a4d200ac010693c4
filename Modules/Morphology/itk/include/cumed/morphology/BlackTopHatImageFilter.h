#pragma once
// Drop-in for itk::BlackTopHatImageFilter: same template parameters, setters and output, computed
// by CuMed on the CPU or the GPU (closing minus the input).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BlackTopHatImageFilter
    : public GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                       morphology::GrayscaleOperation::BlackTopHat> {
  CUMED_MORPHOLOGY_FILTER(BlackTopHatImageFilter,
                          GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                                    morphology::GrayscaleOperation::BlackTopHat>)
};

} // namespace cumed
