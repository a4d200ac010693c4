#pragma once
// Drop-in for itk::BlackTopHatImageFilter: same template parameters, setters and output, computed by
// CuMed on the CPU or the GPU (closing minus the input).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BlackTopHatImageFilter : public MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(BlackTopHatImageFilter);
  using Self = BlackTopHatImageFilter;
  using Superclass = MorphologyImageFilterBase<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(BlackTopHatImageFilter, MorphologyImageFilterBase);
  using typename Superclass::PixelType;

  /// Pad before and crop after, so the image border is not treated as an edge (default on).
  itkSetMacro(SafeBorder, bool);
  itkGetConstReferenceMacro(SafeBorder, bool);
  itkBooleanMacro(SafeBorder);

protected:
  BlackTopHatImageFilter() = default;
  ~BlackTopHatImageFilter() override = default;
  void GenerateData() override {
    morphology::GrayscaleOptions options = this->BaseOptions();
    options.safeBorder = m_SafeBorder;
    this->RunGrayscale(morphology::GrayscaleOperation::BlackTopHat, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "SafeBorder: " << m_SafeBorder << "\n";
  }

private:
  bool m_SafeBorder = true;
};

} // namespace cumed
