#pragma once
// The settings CuMed's ITK morphology filters share, written once: ITK's Boundary (grayscale
// dilate/erode), SafeBorder (opening, closing, top-hats), and the foreground/background/
// BoundaryToForeground of the binary dilate/erode. Each public filter class is one of these
// families with its operation fixed, plus ITK's class boilerplate (CUMED_MORPHOLOGY_FILTER).
#include "cumed/morphology/MorphologyImageFilterBase.h"

#include <itkFlatStructuringElement.h>
#include <itkNumericTraits.h>

/// ITK's class boilerplate for a public CuMed filter deriving from `...` (the base type).
#define CUMED_MORPHOLOGY_FILTER(ClassName, ...)                                                    \
public:                                                                                            \
  ITK_DISALLOW_COPY_AND_MOVE(ClassName);                                                           \
  using Self = ClassName;                                                                          \
  using Superclass = __VA_ARGS__;                                                                  \
  using Pointer = itk::SmartPointer<Self>;                                                         \
  using ConstPointer = itk::SmartPointer<const Self>;                                              \
  itkNewMacro(Self);                                                                               \
  itkTypeMacro(ClassName, MorphologyImageFilterBase);                                              \
                                                                                                   \
protected:                                                                                         \
  ClassName() = default;                                                                           \
  ~ClassName() override = default;                                                                 \
                                                                                                   \
public:

namespace cumed {

/// Grayscale dilation/erosion with ITK's Boundary: the value of the pixels outside the image
/// (default: the value that cannot win, the type's lowest for dilation, highest for erosion).
template <class TIn, class TOut, class TKernel, morphology::GrayscaleOperation kOperation>
class GrayscaleBoundaryFilter : public MorphologyImageFilterBase<TIn, TOut, TKernel> {
public:
  using Superclass = MorphologyImageFilterBase<TIn, TOut, TKernel>;
  using typename Superclass::PixelType;
  void SetBoundary(const PixelType value) {
    m_Boundary = value;
    this->Modified();
  }
  itkGetConstMacro(Boundary, PixelType);

protected:
  void GenerateData() override {
    morphology::GrayscaleOptions options = this->BaseOptions();
    options.boundary = static_cast<double>(m_Boundary);
    this->RunGrayscale(kOperation, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "Boundary: " << static_cast<Print>(m_Boundary) << "\n";
  }

private:
  PixelType m_Boundary = kOperation == morphology::GrayscaleOperation::Dilate
                             ? itk::NumericTraits<PixelType>::NonpositiveMin()
                             : itk::NumericTraits<PixelType>::max();
};

/// Grayscale operations with ITK's SafeBorder: pad before and crop after, so the image border
/// is not treated as an edge (default on).
template <class TIn, class TOut, class TKernel, morphology::GrayscaleOperation kOperation>
class GrayscaleSafeBorderFilter : public MorphologyImageFilterBase<TIn, TOut, TKernel> {
public:
  using Superclass = MorphologyImageFilterBase<TIn, TOut, TKernel>;
  itkSetMacro(SafeBorder, bool);
  itkGetConstReferenceMacro(SafeBorder, bool);
  itkBooleanMacro(SafeBorder);

protected:
  void GenerateData() override {
    morphology::GrayscaleOptions options = this->BaseOptions();
    options.safeBorder = m_SafeBorder;
    this->RunGrayscale(kOperation, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "SafeBorder: " << m_SafeBorder << "\n";
  }

private:
  bool m_SafeBorder = true;
};

/// Binary operations keyed on ITK's ForegroundValue (default: the type's highest value).
template <class TIn, class TOut, class TKernel>
class BinaryForegroundFilter : public MorphologyImageFilterBase<TIn, TOut, TKernel> {
public:
  using Superclass = MorphologyImageFilterBase<TIn, TOut, TKernel>;
  using typename Superclass::PixelType;
  itkSetMacro(ForegroundValue, PixelType);
  itkGetConstMacro(ForegroundValue, PixelType);

protected:
  morphology::BinaryOptions BinaryBaseOptions() const {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(m_ForegroundValue);
    return options;
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "ForegroundValue: " << static_cast<Print>(m_ForegroundValue) << "\n";
  }

private:
  PixelType m_ForegroundValue = itk::NumericTraits<PixelType>::max();
};

/// Binary dilation/erosion: BackgroundValue for removed object voxels (default: the type's
/// lowest value) and BoundaryToForeground (ITK's defaults: off for dilation, on for erosion).
template <class TIn, class TOut, class TKernel, morphology::BinaryOperation kOperation>
class BinaryDilateErodeFilter : public BinaryForegroundFilter<TIn, TOut, TKernel> {
public:
  using Superclass = BinaryForegroundFilter<TIn, TOut, TKernel>;
  using typename Superclass::PixelType;
  itkSetMacro(BackgroundValue, PixelType);
  itkGetConstMacro(BackgroundValue, PixelType);
  itkSetMacro(BoundaryToForeground, bool);
  itkGetConstReferenceMacro(BoundaryToForeground, bool);
  itkBooleanMacro(BoundaryToForeground);

protected:
  void GenerateData() override {
    morphology::BinaryOptions options = this->BinaryBaseOptions();
    options.background = static_cast<double>(m_BackgroundValue);
    options.boundaryToForeground = m_BoundaryToForeground;
    this->RunBinary(kOperation, options);
  }
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    using Print = typename itk::NumericTraits<PixelType>::PrintType;
    os << indent << "BackgroundValue: " << static_cast<Print>(m_BackgroundValue) << "\n";
    os << indent << "BoundaryToForeground: " << m_BoundaryToForeground << "\n";
  }

private:
  PixelType m_BackgroundValue = itk::NumericTraits<PixelType>::NonpositiveMin();
  bool m_BoundaryToForeground = kOperation == morphology::BinaryOperation::Erode;
};

} // namespace cumed
