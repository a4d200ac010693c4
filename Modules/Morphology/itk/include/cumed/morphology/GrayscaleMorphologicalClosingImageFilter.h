#pragma once
// Drop-in for itk::GrayscaleMorphologicalClosingImageFilter: same template parameters, setters and
// output, computed by CuMed on the CPU or the GPU (dilation then erosion).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleMorphologicalClosingImageFilter
    : public GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                       morphology::GrayscaleOperation::Close> {
  CUMED_MORPHOLOGY_FILTER(GrayscaleMorphologicalClosingImageFilter,
                          GrayscaleSafeBorderFilter<TInputImage, TOutputImage, TKernel,
                                                    morphology::GrayscaleOperation::Close>)
};

} // namespace cumed
