#pragma once
// Drop-in for itk::GrayscaleDilateImageFilter: same template parameters, setters and output,
// computed by CuMed on the CPU or the GPU (dilation: max over the kernel).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleDilateImageFilter
    : public GrayscaleBoundaryFilter<TInputImage, TOutputImage, TKernel,
                                     morphology::GrayscaleOperation::Dilate> {
  CUMED_MORPHOLOGY_FILTER(GrayscaleDilateImageFilter,
                          GrayscaleBoundaryFilter<TInputImage, TOutputImage, TKernel,
                                                  morphology::GrayscaleOperation::Dilate>)
};

} // namespace cumed
