#pragma once
// Drop-in for itk::BinaryErodeImageFilter: same template parameters, setters and output, computed
// by CuMed on the CPU or the GPU (object shrunk by the mirrored kernel; semantics in
// BinaryMorphology.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryErodeImageFilter : public BinaryDilateErodeFilter<TInputImage, TOutputImage, TKernel,
                                                              morphology::BinaryOperation::Erode> {
  CUMED_MORPHOLOGY_FILTER(BinaryErodeImageFilter,
                          BinaryDilateErodeFilter<TInputImage, TOutputImage, TKernel,
                                                  morphology::BinaryOperation::Erode>)
  using typename Superclass::PixelType;
  /// ITK's alias of the foreground value.
  void SetErodeValue(const PixelType value) { this->SetForegroundValue(value); }
  PixelType GetErodeValue() const { return this->GetForegroundValue(); }
};

} // namespace cumed
