#pragma once
// Drop-in for itk::BinaryMorphologicalOpeningImageFilter: same template parameters, setters and output, computed by CuMed on
// the CPU or the GPU (erosion then dilation; semantics in cumed/morphology/BinaryMorphology.h).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryMorphologicalOpeningImageFilter : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(BinaryMorphologicalOpeningImageFilter);
  using Self = BinaryMorphologicalOpeningImageFilter;
  using Superclass = MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(BinaryMorphologicalOpeningImageFilter, MorphologyImageFilterBase);
  using typename Superclass::PixelType;

  /// The object's value (default: the highest value of the pixel type).
  itkSetMacro(ForegroundValue, PixelType);
  itkGetConstMacro(ForegroundValue, PixelType);
  /// Value given to object pixels the operation removes (default: 0).
  itkSetMacro(BackgroundValue, PixelType);
  itkGetConstMacro(BackgroundValue, PixelType);

protected:
  BinaryMorphologicalOpeningImageFilter() = default;
  ~BinaryMorphologicalOpeningImageFilter() override = default;
  void GenerateData() override {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(m_ForegroundValue);
    options.background = static_cast<double>(m_BackgroundValue);
    this->RunBinary(morphology::BinaryOperation::Open, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "ForegroundValue: " << static_cast<Print>(m_ForegroundValue) << "\n";
    os << indent << "BackgroundValue: " << static_cast<Print>(m_BackgroundValue) << "\n";
  }

private:
  PixelType m_ForegroundValue = itk::NumericTraits<PixelType>::max();
  PixelType m_BackgroundValue = itk::NumericTraits<PixelType>::ZeroValue();
};

} // namespace cumed
