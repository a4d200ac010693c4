#pragma once
// Drop-in for itk::GrayscaleMorphologicalOpeningImageFilter (opening: erosion then dilation):
// derives from it, so it takes the same template arguments, setters and defaults, and gives the
// same output, computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleMorphologicalOpeningImageFilter
    : public GrayscaleSafeBorderFamily<
          itk::GrayscaleMorphologicalOpeningImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::GrayscaleOperation::Open> {
  CUMED_MORPHOLOGY_FILTER(
      GrayscaleMorphologicalOpeningImageFilter,
      GrayscaleSafeBorderFamily<
          itk::GrayscaleMorphologicalOpeningImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::GrayscaleOperation::Open>)
};

} // namespace cumed
