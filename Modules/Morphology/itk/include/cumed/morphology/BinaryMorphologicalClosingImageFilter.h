#pragma once
// Drop-in for itk::BinaryMorphologicalClosingImageFilter: same template parameters, setters and
// output, computed by CuMed on the CPU or the GPU (dilation then erosion; semantics in
// BinaryMorphology.h).
#include "cumed/morphology/MorphologyFilterFamilies.h"

namespace cumed {

template <class TInputImage, class TOutputImage = TInputImage,
          class TKernel = itk::FlatStructuringElement<TInputImage::ImageDimension>>
class BinaryMorphologicalClosingImageFilter
    : public BinaryForegroundFilter<TInputImage, TOutputImage, TKernel> {
  CUMED_MORPHOLOGY_FILTER(BinaryMorphologicalClosingImageFilter,
                          BinaryForegroundFilter<TInputImage, TOutputImage, TKernel>)
  /// Pad before and crop after, so the image border does not erode the closing (default on).
  itkSetMacro(SafeBorder, bool);
  itkGetConstReferenceMacro(SafeBorder, bool);
  itkBooleanMacro(SafeBorder);

protected:
  void GenerateData() override {
    morphology::BinaryOptions options = this->BinaryBaseOptions();
    options.safeBorder = m_SafeBorder;
    this->RunBinary(morphology::BinaryOperation::Close, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "SafeBorder: " << m_SafeBorder << "\n";
  }

private:
  bool m_SafeBorder = true;
};

} // namespace cumed
