#pragma once
// Drop-in for itk::BinaryDilateImageFilter: same template parameters, setters and output, computed
// by CuMed on the CPU or the GPU (object grown by the mirrored kernel; semantics in
// BinaryMorphology.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryDilateImageFilter
    : public BinaryDilateErodeFilter<TInputImage, TOutputImage, TKernel,
                                     morphology::BinaryOperation::Dilate> {
  CUMED_MORPHOLOGY_FILTER(BinaryDilateImageFilter,
                          BinaryDilateErodeFilter<TInputImage, TOutputImage, TKernel,
                                                  morphology::BinaryOperation::Dilate>)
  using typename Superclass::PixelType;
  /// ITK's alias of the foreground value.
  void SetDilateValue(const PixelType value) { this->SetForegroundValue(value); }
  PixelType GetDilateValue() const { return this->GetForegroundValue(); }
};

} // namespace cumed
