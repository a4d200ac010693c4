#include "ItkAlgorithmReference.h"
#include "ItkReference.h"

#include <itkBlackTopHatImageFilter.h>
#include <itkGrayscaleDilateImageFilter.h>
#include <itkGrayscaleErodeImageFilter.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkGrayscaleMorphologicalOpeningImageFilter.h>
#include <itkMorphologicalGradientImageFilter.h>
#include <itkWhiteTopHatImageFilter.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <mutex>
#include <streambuf>
#include <string>

namespace cumed::morphology::test {
namespace {

/// Collects what ITK's worker threads write to std::cout while it is installed (ITK prints its
/// "doesn't correspond to a face" notice there, not through its output window). Each write is
/// one locked append, so concurrent threads cannot corrupt it.
class CoutCapture : private std::streambuf {
public:
  CoutCapture() : previous_(std::cout.rdbuf(this)) {}
  ~CoutCapture() override { std::cout.rdbuf(previous_); }
  CoutCapture(const CoutCapture&) = delete;
  CoutCapture& operator=(const CoutCapture&) = delete;
  bool contains(const char* text) {
    std::lock_guard<std::mutex> lock(mutex_);
    return text_.find(text) != std::string::npos;
  }

private:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    std::lock_guard<std::mutex> lock(mutex_);
    text_.push_back(static_cast<char>(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard<std::mutex> lock(mutex_);
    text_.append(s, static_cast<std::size_t>(n));
    return n;
  }
  std::streambuf* previous_;
  std::mutex mutex_;
  std::string text_;
};

/// Kernel first: ITK's SetKernel resets the algorithm to its own choice.
template <class Filter, class Configure>
std::vector<typename Filter::InputImageType::PixelType>
Run(const typename Filter::InputImageType::Pointer& input,
    const itk::FlatStructuringElement<3>& kernel, Configure configure) {
  auto filter = Filter::New();
  filter->SetInput(input);
  filter->SetKernel(kernel);
  configure(filter.GetPointer());
  filter->Update();
  const auto* begin = filter->GetOutput()->GetBufferPointer();
  return {begin, begin + filter->GetOutput()->GetBufferedRegion().GetNumberOfPixels()};
}

} // namespace

template <class T>
ItkRunResult<T>
ItkGrayscaleWithKernel(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                       const itk::FlatStructuringElement<3>& kernel, GrayscaleOperation operation,
                       const ItkRunSettings& settings) {
  using Image = itk::Image<T, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  const auto image = WrapAsItk<itk::Image<T, 3>>(input, size);
  const auto algorithm = [&](auto filter) {
    if (settings.algorithm) filter->SetAlgorithm(*settings.algorithm);
  };
  const auto boundary = [&](auto filter) {
    algorithm(filter);
    if (settings.boundary) filter->SetBoundary(static_cast<T>(*settings.boundary));
  };
  const auto safeBorder = [&](auto filter) {
    algorithm(filter);
    filter->SetSafeBorder(settings.safeBorder);
  };
  const auto topHat = [&](auto filter) {
    safeBorder(filter);
    filter->SetForceAlgorithm(settings.algorithm.has_value());
  };
  CoutCapture capture;
  ItkRunResult<T> result;
  switch (operation) {
  case GrayscaleOperation::Dilate:
    result.values =
        Run<itk::GrayscaleDilateImageFilter<Image, Image, Kernel>>(image, kernel, boundary);
    break;
  case GrayscaleOperation::Erode:
    result.values =
        Run<itk::GrayscaleErodeImageFilter<Image, Image, Kernel>>(image, kernel, boundary);
    break;
  case GrayscaleOperation::Open:
    result.values = Run<itk::GrayscaleMorphologicalOpeningImageFilter<Image, Image, Kernel>>(
        image, kernel, safeBorder);
    break;
  case GrayscaleOperation::Close:
    result.values = Run<itk::GrayscaleMorphologicalClosingImageFilter<Image, Image, Kernel>>(
        image, kernel, safeBorder);
    break;
  case GrayscaleOperation::WhiteTopHat:
    result.values = Run<itk::WhiteTopHatImageFilter<Image, Image, Kernel>>(image, kernel, topHat);
    break;
  case GrayscaleOperation::BlackTopHat:
    result.values = Run<itk::BlackTopHatImageFilter<Image, Image, Kernel>>(image, kernel, topHat);
    break;
  case GrayscaleOperation::Gradient:
    result.values =
        Run<itk::MorphologicalGradientImageFilter<Image, Image, Kernel>>(image, kernel, algorithm);
    break;
  }
  result.skippedLine = capture.contains("correspond to a face");
  return result;
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template ItkRunResult<T> ItkGrayscaleWithKernel<T>(                                              \
      const std::vector<T>&, const std::array<std::size_t, 3>&,                                    \
      const itk::FlatStructuringElement<3>&, GrayscaleOperation, const ItkRunSettings&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::test
