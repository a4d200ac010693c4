#pragma once
// Drop-in for itk::BinaryErodeImageFilter (binary erosion of the foreground value): derives from
// it, so it takes the same template arguments, setters and defaults, and gives the same output,
// computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryErodeImageFilter : public BinaryDilateErodeFamily<
                                   itk::BinaryErodeImageFilter<TInputImage, TOutputImage, TKernel>,
                                   morphology::BinaryOperation::Erode> {
  CUMED_MORPHOLOGY_FILTER(
      BinaryErodeImageFilter,
      BinaryDilateErodeFamily<itk::BinaryErodeImageFilter<TInputImage, TOutputImage, TKernel>,
                              morphology::BinaryOperation::Erode>)
};

} // namespace cumed
