#pragma once
// Drop-in for itk::GrayscaleErodeImageFilter: same template parameters, setters and output,
// computed by CuMed on the CPU or the GPU (erosion: min over the kernel).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleErodeImageFilter
    : public GrayscaleBoundaryFilter<TInputImage, TOutputImage, TKernel,
                                     morphology::GrayscaleOperation::Erode> {
  CUMED_MORPHOLOGY_FILTER(GrayscaleErodeImageFilter,
                          GrayscaleBoundaryFilter<TInputImage, TOutputImage, TKernel,
                                                  morphology::GrayscaleOperation::Erode>)
};

} // namespace cumed
