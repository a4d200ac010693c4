#pragma once
// Drop-in for itk::BinaryMorphologicalClosingImageFilter (binary closing): derives from it, so it
// takes the same template arguments, setters and defaults, and gives the same output, computed by
// CuMed on the CPU or the GPU (see MorphologyFilterAccelerator.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryMorphologicalClosingImageFilter
    : public BinaryClosingFamily<
          itk::BinaryMorphologicalClosingImageFilter<TInputImage, TOutputImage, TKernel>> {
  CUMED_MORPHOLOGY_FILTER(
      BinaryMorphologicalClosingImageFilter,
      BinaryClosingFamily<
          itk::BinaryMorphologicalClosingImageFilter<TInputImage, TOutputImage, TKernel>>)
};

} // namespace cumed
