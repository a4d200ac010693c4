#pragma once
// Drop-in for itk::MorphologicalGradientImageFilter: same template parameters, setters and output,
// computed by CuMed on the CPU or the GPU (dilation minus erosion).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class MorphologicalGradientImageFilter
    : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
  CUMED_MORPHOLOGY_FILTER(MorphologicalGradientImageFilter,
                          MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>)
protected:
  void GenerateData() override {
    this->RunGrayscale(morphology::GrayscaleOperation::Gradient, this->BaseOptions());
  }
};

} // namespace cumed
