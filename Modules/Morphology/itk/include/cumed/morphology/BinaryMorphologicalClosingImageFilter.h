#pragma once
// Drop-in for itk::BinaryMorphologicalClosingImageFilter: same template parameters, setters and output, computed by CuMed on
// the CPU or the GPU (dilation then erosion; semantics in cumed/morphology/BinaryMorphology.h).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryMorphologicalClosingImageFilter : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(BinaryMorphologicalClosingImageFilter);
  using Self = BinaryMorphologicalClosingImageFilter;
  using Superclass = MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(BinaryMorphologicalClosingImageFilter, MorphologyImageFilterBase);
  using typename Superclass::PixelType;

  /// The object's value (default: the highest value of the pixel type).
  itkSetMacro(ForegroundValue, PixelType);
  itkGetConstMacro(ForegroundValue, PixelType);
  /// Pad before and crop after, so the image border does not erode the closing (default on).
  itkSetMacro(SafeBorder, bool);
  itkGetConstReferenceMacro(SafeBorder, bool);
  itkBooleanMacro(SafeBorder);

protected:
  BinaryMorphologicalClosingImageFilter() = default;
  ~BinaryMorphologicalClosingImageFilter() override = default;
  void GenerateData() override {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(m_ForegroundValue);
    options.safeBorder = m_SafeBorder;
    this->RunBinary(morphology::BinaryOperation::Close, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "ForegroundValue: " << static_cast<Print>(m_ForegroundValue) << "\n";
    os << indent << "SafeBorder: " << m_SafeBorder << "\n";
  }

private:
  PixelType m_ForegroundValue = itk::NumericTraits<PixelType>::max();
  bool m_SafeBorder = true;
};

} // namespace cumed
