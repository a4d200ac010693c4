#pragma once
// Drop-in for itk::MorphologicalGradientImageFilter: same template parameters, setters and output, computed by
// CuMed on the CPU or the GPU (dilation minus erosion).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class MorphologicalGradientImageFilter : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(MorphologicalGradientImageFilter);
  using Self = MorphologicalGradientImageFilter;
  using Superclass = MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(MorphologicalGradientImageFilter, MorphologyImageFilterBase);
  using typename Superclass::PixelType;

protected:
  MorphologicalGradientImageFilter() = default;
  ~MorphologicalGradientImageFilter() override = default;
  void GenerateData() override {
    morphology::GrayscaleOptions options = this->BaseOptions();
    this->RunGrayscale(morphology::GrayscaleOperation::Gradient, options);
  }

private:
};

} // namespace cumed
