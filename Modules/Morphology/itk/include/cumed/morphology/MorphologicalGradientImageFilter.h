#pragma once
// Drop-in for itk::MorphologicalGradientImageFilter (gradient: dilation minus erosion): derives
// from it, so it takes the same template arguments, setters and defaults, and gives the same
// output, computed by CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class MorphologicalGradientImageFilter
    : public GrayscaleGradientFamily<
          itk::MorphologicalGradientImageFilter<TInputImage, TOutputImage, TKernel>> {
  CUMED_MORPHOLOGY_FILTER(
      MorphologicalGradientImageFilter,
      GrayscaleGradientFamily<
          itk::MorphologicalGradientImageFilter<TInputImage, TOutputImage, TKernel>>)
};

} // namespace cumed
