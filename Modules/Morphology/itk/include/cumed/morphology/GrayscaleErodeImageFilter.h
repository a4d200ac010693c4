#pragma once
// Drop-in for itk::GrayscaleErodeImageFilter (erosion: min over the kernel): derives from it, so it
// takes the same template arguments, setters and defaults, and gives the same output, computed by
// CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleErodeImageFilter
    : public GrayscaleBoundaryFamily<
          itk::GrayscaleErodeImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::GrayscaleOperation::Erode> {
  CUMED_MORPHOLOGY_FILTER(
      GrayscaleErodeImageFilter,
      GrayscaleBoundaryFamily<itk::GrayscaleErodeImageFilter<TInputImage, TOutputImage, TKernel>,
                              morphology::GrayscaleOperation::Erode>)
};

} // namespace cumed
