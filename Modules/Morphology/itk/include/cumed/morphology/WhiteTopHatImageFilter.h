#pragma once
// Drop-in for itk::WhiteTopHatImageFilter: same template parameters, setters and output, computed
// by CuMed on the CPU or the GPU (input minus its opening).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class WhiteTopHatImageFilter
    : public GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                       morphology::GrayscaleOperation::WhiteTopHat> {
  CUMED_MORPHOLOGY_FILTER(WhiteTopHatImageFilter,
                          GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                                    morphology::GrayscaleOperation::WhiteTopHat>)
};

} // namespace cumed
