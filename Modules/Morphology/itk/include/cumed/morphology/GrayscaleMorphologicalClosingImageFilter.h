#pragma once
// Drop-in for itk::GrayscaleMorphologicalClosingImageFilter (closing: dilation then erosion):
// derives from it, so it takes the same template arguments, setters and defaults, and gives the
// same output, computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleMorphologicalClosingImageFilter
    : public GrayscaleSafeBorderFamily<
          itk::GrayscaleMorphologicalClosingImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::GrayscaleOperation::Close> {
  CUMED_MORPHOLOGY_FILTER(
      GrayscaleMorphologicalClosingImageFilter,
      GrayscaleSafeBorderFamily<
          itk::GrayscaleMorphologicalClosingImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::GrayscaleOperation::Close>)
};

} // namespace cumed
