#pragma once
// Drop-in for itk::GrayscaleMorphologicalOpeningImageFilter: same template parameters, setters and
// output, computed by CuMed on the CPU or the GPU (erosion then dilation).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleMorphologicalOpeningImageFilter
    : public GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                       morphology::GrayscaleOperation::Open> {
  CUMED_MORPHOLOGY_FILTER(GrayscaleMorphologicalOpeningImageFilter,
                          GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                                    morphology::GrayscaleOperation::Open>)
};

} // namespace cumed
