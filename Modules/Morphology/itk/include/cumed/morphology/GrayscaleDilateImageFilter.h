#pragma once
// Drop-in for itk::GrayscaleDilateImageFilter (dilation: max over the kernel): derives from it, so
// it takes the same template arguments, setters and defaults, and gives the same output, computed
// by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleDilateImageFilter
    : public GrayscaleBoundaryFamily<
          itk::GrayscaleDilateImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::GrayscaleOperation::Dilate> {
  CUMED_MORPHOLOGY_FILTER(
      GrayscaleDilateImageFilter,
      GrayscaleBoundaryFamily<itk::GrayscaleDilateImageFilter<TInputImage, TOutputImage, TKernel>,
                              morphology::GrayscaleOperation::Dilate>)
};

} // namespace cumed
