#pragma once
// Drop-in for itk::BinaryMorphologicalOpeningImageFilter: same template parameters, setters and
// output, computed by CuMed on the CPU or the GPU (erosion then dilation; semantics in
// BinaryMorphology.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryMorphologicalOpeningImageFilter
    : public BinaryForegroundFilter<TInputImage, TOutputImage, TKernel> {
  CUMED_MORPHOLOGY_FILTER(BinaryMorphologicalOpeningImageFilter,
                          BinaryForegroundFilter<TInputImage, TOutputImage, TKernel>)
  using typename Superclass::PixelType;
  /// Value given to object voxels the erosion removes (default: 0, as ITK's opening).
  itkSetMacro(BackgroundValue, PixelType);
  itkGetConstMacro(BackgroundValue, PixelType);

protected:
  void GenerateData() override {
    morphology::BinaryOptions options = this->BinaryBaseOptions();
    options.background = static_cast<double>(m_BackgroundValue);
    this->RunBinary(morphology::BinaryOperation::Open, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "BackgroundValue: " << static_cast<Print>(m_BackgroundValue) << "\n";
  }

private:
  PixelType m_BackgroundValue = itk::NumericTraits<PixelType>::ZeroValue();
};

} // namespace cumed
