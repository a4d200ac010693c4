#pragma once
// Drop-in for itk::BinaryDilateImageFilter: same template parameters, setters and output, computed by CuMed on
// the CPU or the GPU (object grown by the mirrored kernel; semantics in cumed/morphology/BinaryMorphology.h).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryDilateImageFilter : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(BinaryDilateImageFilter);
  using Self = BinaryDilateImageFilter;
  using Superclass = MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(BinaryDilateImageFilter, MorphologyImageFilterBase);
  using typename Superclass::PixelType;

  /// The object's value (default: the highest value of the pixel type).
  itkSetMacro(ForegroundValue, PixelType);
  itkGetConstMacro(ForegroundValue, PixelType);
  /// Value given to object pixels the operation removes (default: the lowest value of the pixel type).
  itkSetMacro(BackgroundValue, PixelType);
  itkGetConstMacro(BackgroundValue, PixelType);
  /// Whether pixels outside the image count as object (default: off).
  itkSetMacro(BoundaryToForeground, bool);
  itkGetConstReferenceMacro(BoundaryToForeground, bool);
  itkBooleanMacro(BoundaryToForeground);
  /// ITK's alias of the foreground value.
  void SetDilateValue(const PixelType value) { this->SetForegroundValue(value); }
  PixelType GetDilateValue() const { return this->GetForegroundValue(); }

protected:
  BinaryDilateImageFilter() = default;
  ~BinaryDilateImageFilter() override = default;
  void GenerateData() override {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(m_ForegroundValue);
    options.background = static_cast<double>(m_BackgroundValue);
    options.boundaryToForeground = m_BoundaryToForeground;
    this->RunBinary(morphology::BinaryOperation::Dilate, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "ForegroundValue: " << static_cast<Print>(m_ForegroundValue) << "\n";
    os << indent << "BackgroundValue: " << static_cast<Print>(m_BackgroundValue) << "\n";
    os << indent << "BoundaryToForeground: " << m_BoundaryToForeground << "\n";
  }

private:
  PixelType m_ForegroundValue = itk::NumericTraits<PixelType>::max();
  PixelType m_BackgroundValue = itk::NumericTraits<PixelType>::NonpositiveMin();
  bool m_BoundaryToForeground = false;
};

} // namespace cumed
