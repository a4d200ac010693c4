#include "ItkReference.h"

#include <itkBinaryDilateImageFilter.h>
#include <itkBinaryErodeImageFilter.h>
#include <itkBinaryMorphologicalClosingImageFilter.h>
#include <itkBinaryMorphologicalOpeningImageFilter.h>
#include <itkBlackTopHatImageFilter.h>
#include <itkGrayscaleDilateImageFilter.h>
#include <itkGrayscaleErodeImageFilter.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkGrayscaleMorphologicalOpeningImageFilter.h>
#include <itkImportImageFilter.h>
#include <itkMorphologicalGradientImageFilter.h>
#include <itkWhiteTopHatImageFilter.h>

#include <algorithm>
#include <cstdint>

namespace cumed::morphology::test {

itk::FlatStructuringElement<3> ToItkElement(const StructuringElement& element) {
  using ItkElement = itk::FlatStructuringElement<3>;
  const auto& size = element.size();
  ItkElement::ImageType::Pointer mask = ItkElement::ImageType::New();
  ItkElement::ImageType::SizeType oddSize;
  for (int i = 0; i < 3; ++i) oddSize[i] = size[i] | 1; // even n -> n+1, padded at the high end
  mask->SetRegions(oddSize);
  mask->Allocate(true);
  for (std::size_t z = 0; z < size[2]; ++z)
    for (std::size_t y = 0; y < size[1]; ++y)
      for (std::size_t x = 0; x < size[0]; ++x)
        mask->SetPixel({{long(x), long(y), long(z)}}, element.contains(x, y, z));
  return ItkElement::FromImage(mask);
}

namespace {
template <class Filter, class T, class Configure = void (*)(Filter*)>
std::vector<T> Run(
    const std::vector<T>& input, const std::array<std::size_t, 3>& size,
    const StructuringElement& element, Configure configure = [](Filter*) {}) {
  auto filter = Filter::New();
  configure(filter.GetPointer());
  filter->SetInput(WrapAsItk<itk::Image<T, 3>>(input, size));
  filter->SetKernel(ToItkElement(element));
  filter->Update();
  const T* begin = filter->GetOutput()->GetBufferPointer();
  return std::vector<T>(begin, begin + input.size());
}
} // namespace

template <class T>
std::vector<T> ItkBinary(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                         const StructuringElement& element, BinaryOperation operation,
                         const BinaryOptions& options) {
  using Image = itk::Image<T, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  const T foreground = static_cast<T>(options.foreground);
  const auto configureDilateErode = [&](auto filter) {
    filter->SetForegroundValue(foreground);
    if (options.background) filter->SetBackgroundValue(static_cast<T>(*options.background));
    if (options.boundaryToForeground)
      filter->SetBoundaryToForeground(*options.boundaryToForeground);
    return filter;
  };
  switch (operation) {
  case BinaryOperation::Dilate:
    return Run<itk::BinaryDilateImageFilter<Image, Image, Kernel>>(
        input, size, element, [&](auto f) { configureDilateErode(f); });
  case BinaryOperation::Erode:
    return Run<itk::BinaryErodeImageFilter<Image, Image, Kernel>>(
        input, size, element, [&](auto f) { configureDilateErode(f); });
  case BinaryOperation::Open:
    return Run<itk::BinaryMorphologicalOpeningImageFilter<Image, Image, Kernel>>(
        input, size, element, [&](auto f) {
          f->SetForegroundValue(foreground);
          if (options.background) f->SetBackgroundValue(static_cast<T>(*options.background));
        });
  case BinaryOperation::Close:
    return Run<itk::BinaryMorphologicalClosingImageFilter<Image, Image, Kernel>>(
        input, size, element, [&](auto f) {
          f->SetForegroundValue(foreground);
          f->SetSafeBorder(options.safeBorder);
        });
  }
  return {};
}

template <class T>
std::vector<T> ItkGrayscale(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                            const StructuringElement& element, GrayscaleOperation operation) {
  using Image = itk::Image<T, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  switch (operation) {
  case GrayscaleOperation::Dilate:
    return Run<itk::GrayscaleDilateImageFilter<Image, Image, Kernel>>(input, size, element);
  case GrayscaleOperation::Erode:
    return Run<itk::GrayscaleErodeImageFilter<Image, Image, Kernel>>(input, size, element);
  case GrayscaleOperation::Open:
    return Run<itk::GrayscaleMorphologicalOpeningImageFilter<Image, Image, Kernel>>(input, size,
                                                                                    element);
  case GrayscaleOperation::Close:
    return Run<itk::GrayscaleMorphologicalClosingImageFilter<Image, Image, Kernel>>(input, size,
                                                                                    element);
  case GrayscaleOperation::WhiteTopHat:
    return Run<itk::WhiteTopHatImageFilter<Image, Image, Kernel>>(input, size, element);
  case GrayscaleOperation::BlackTopHat:
    return Run<itk::BlackTopHatImageFilter<Image, Image, Kernel>>(input, size, element);
  case GrayscaleOperation::Gradient:
    return Run<itk::MorphologicalGradientImageFilter<Image, Image, Kernel>>(input, size, element);
  }
  return {};
}

#define CUMED_INSTANTIATE_BINARY(T)                                                                \
  template std::vector<T> ItkBinary(const std::vector<T>&, const std::array<std::size_t, 3>&,      \
                                    const StructuringElement&, BinaryOperation,                    \
                                    const BinaryOptions&);
CUMED_INSTANTIATE_BINARY(std::uint8_t)
CUMED_INSTANTIATE_BINARY(std::int16_t)
CUMED_INSTANTIATE_BINARY(std::uint16_t)
CUMED_INSTANTIATE_BINARY(float)
#undef CUMED_INSTANTIATE_BINARY

template std::vector<std::uint8_t> ItkGrayscale(const std::vector<std::uint8_t>&,
                                                const std::array<std::size_t, 3>&,
                                                const StructuringElement&, GrayscaleOperation);
template std::vector<std::int16_t> ItkGrayscale(const std::vector<std::int16_t>&,
                                                const std::array<std::size_t, 3>&,
                                                const StructuringElement&, GrayscaleOperation);
template std::vector<std::uint16_t> ItkGrayscale(const std::vector<std::uint16_t>&,
                                                 const std::array<std::size_t, 3>&,
                                                 const StructuringElement&, GrayscaleOperation);
template std::vector<float> ItkGrayscale(const std::vector<float>&,
                                         const std::array<std::size_t, 3>&,
                                         const StructuringElement&, GrayscaleOperation);

} // namespace cumed::morphology::test
