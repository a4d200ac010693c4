#pragma once
// Drop-in for itk::GrayscaleDilateImageFilter: same template parameters, setters and output, computed by
// CuMed on the CPU or the GPU (dilation: max over the kernel).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class GrayscaleDilateImageFilter : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(GrayscaleDilateImageFilter);
  using Self = GrayscaleDilateImageFilter;
  using Superclass = MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(GrayscaleDilateImageFilter, MorphologyImageFilterBase);
  using typename Superclass::PixelType;

  /// Value of the pixels outside the image (default: the lowest value of the pixel type).
  void SetBoundary(const PixelType value) {
    m_Boundary = value;
    this->Modified();
  }
  itkGetConstMacro(Boundary, PixelType);

protected:
  GrayscaleDilateImageFilter() = default;
  ~GrayscaleDilateImageFilter() override = default;
  void GenerateData() override {
    morphology::GrayscaleOptions options = this->BaseOptions();
    options.boundary = static_cast<double>(m_Boundary);
    this->RunGrayscale(morphology::GrayscaleOperation::Dilate, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "Boundary: " << static_cast<typename itk::NumericTraits<PixelType>::PrintType>(m_Boundary) << "\n";
  }

private:
  PixelType m_Boundary = itk::NumericTraits<PixelType>::NonpositiveMin();
};

} // namespace cumed
