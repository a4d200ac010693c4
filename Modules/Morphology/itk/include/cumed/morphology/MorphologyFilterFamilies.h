#pragma once
// How each family of ITK morphology filters maps its ITK parameters to CuMed's options, written
// once: Boundary (grayscale dilate/erode), SafeBorder (opening, closing, top-hats), none
// (gradient), and the binary filters' foreground/background/BoundaryToForeground/SafeBorder.
// Each public filter is one family over its ITK class, plus ITK's class boilerplate
// (CUMED_MORPHOLOGY_FILTER).
#include "cumed/morphology/MorphologyFilterAccelerator.h"

#include <itkBinaryDilateImageFilter.h>
#include <itkBinaryErodeImageFilter.h>
#include <itkBinaryMorphologicalClosingImageFilter.h>
#include <itkBinaryMorphologicalOpeningImageFilter.h>
#include <itkBlackTopHatImageFilter.h>
#include <itkGrayscaleDilateImageFilter.h>
#include <itkGrayscaleErodeImageFilter.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkGrayscaleMorphologicalOpeningImageFilter.h>
#include <itkMorphologicalGradientImageFilter.h>
#include <itkWhiteTopHatImageFilter.h>

/// ITK's class boilerplate for a public CuMed filter deriving from `...` (the family type).
#define CUMED_MORPHOLOGY_FILTER(ClassName, ...)                                                    \
public:                                                                                            \
  ITK_DISALLOW_COPY_AND_MOVE(ClassName);                                                           \
  using Self = ClassName;                                                                          \
  using Superclass = __VA_ARGS__;                                                                  \
  using Pointer = itk::SmartPointer<Self>;                                                         \
  using ConstPointer = itk::SmartPointer<const Self>;                                              \
  itkNewMacro(Self);                                                                               \
  itkTypeMacro(ClassName, Superclass);                                                             \
                                                                                                   \
protected:                                                                                         \
  ClassName() = default;                                                                           \
  ~ClassName() override = default;                                                                 \
                                                                                                   \
public:

namespace cumed {

/// Grayscale dilation/erosion: ITK's Boundary is the value outside the image.
template <class TItkFilter, morphology::GrayscaleOperation kOperation>
class GrayscaleBoundaryFamily : public MorphologyFilterAccelerator<TItkFilter> {
protected:
  void RunCuMed() override {
    morphology::GrayscaleOptions options;
    options.boundary = static_cast<double>(this->GetBoundary());
    this->RunGrayscale(kOperation, options);
  }
};

/// Opening, closing, top-hats: ITK's SafeBorder.
template <class TItkFilter, morphology::GrayscaleOperation kOperation>
class GrayscaleSafeBorderFamily : public MorphologyFilterAccelerator<TItkFilter> {
protected:
  void RunCuMed() override {
    morphology::GrayscaleOptions options;
    options.safeBorder = this->GetSafeBorder();
    this->RunGrayscale(kOperation, options);
  }
};

/// The morphological gradient: no parameters besides the kernel.
template <class TItkFilter>
class GrayscaleGradientFamily : public MorphologyFilterAccelerator<TItkFilter> {
protected:
  void RunCuMed() override { this->RunGrayscale(morphology::GrayscaleOperation::Gradient, {}); }
};

/// Binary dilation/erosion: ForegroundValue, BackgroundValue, BoundaryToForeground.
template <class TItkFilter, morphology::BinaryOperation kOperation>
class BinaryDilateErodeFamily : public MorphologyFilterAccelerator<TItkFilter> {
protected:
  void RunCuMed() override {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(this->GetForegroundValue());
    options.background = static_cast<double>(this->GetBackgroundValue());
    options.boundaryToForeground = this->GetBoundaryToForeground();
    this->RunBinary(kOperation, options);
  }
};

/// Binary closing: ForegroundValue and SafeBorder.
template <class TItkFilter>
class BinaryClosingFamily : public MorphologyFilterAccelerator<TItkFilter> {
protected:
  void RunCuMed() override {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(this->GetForegroundValue());
    options.safeBorder = this->GetSafeBorder();
    this->RunBinary(morphology::BinaryOperation::Close, options);
  }
};

/// Binary opening: ForegroundValue and BackgroundValue.
template <class TItkFilter>
class BinaryOpeningFamily : public MorphologyFilterAccelerator<TItkFilter> {
protected:
  void RunCuMed() override {
    morphology::BinaryOptions options;
    options.foreground = static_cast<double>(this->GetForegroundValue());
    options.background = static_cast<double>(this->GetBackgroundValue());
    this->RunBinary(morphology::BinaryOperation::Open, options);
  }
};

} // namespace cumed
