#pragma once
// Drop-in for itk::BinaryDilateImageFilter (binary dilation of the foreground value): derives from
// it, so it takes the same template arguments, setters and defaults, and gives the same output,
// computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryDilateImageFilter
    : public BinaryDilateErodeFamily<
          itk::BinaryDilateImageFilter<TInputImage, TOutputImage, TKernel>,
          morphology::BinaryOperation::Dilate> {
  CUMED_MORPHOLOGY_FILTER(
      BinaryDilateImageFilter,
      BinaryDilateErodeFamily<itk::BinaryDilateImageFilter<TInputImage, TOutputImage, TKernel>,
                              morphology::BinaryOperation::Dilate>)
};

} // namespace cumed
