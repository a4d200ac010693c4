#pragma once
#include "MorphologyImageFilterBase.h"

#include <itkImageAlgorithm.h>

#include <algorithm>
#include <vector>

namespace cumed {

namespace detail {
/// ITK geometry -> CuMed geometry for a 2D or 3D region (2D images get z size 1).
template <class TImage> ImageGeometry GeometryOf(const typename TImage::RegionType& region) {
  ImageGeometry geometry;
  geometry.size = {1, 1, 1};
  for (unsigned i = 0; i < TImage::ImageDimension; ++i) geometry.size[i] = region.GetSize(i);
  return geometry;
}
} // namespace detail

template <class TIn, class TOut, class TKernel>
morphology::StructuringElement
MorphologyImageFilterBase<TIn, TOut, TKernel>::ToStructuringElement(const KernelType& kernel) {
  std::array<std::size_t, 3> size{1, 1, 1};
  for (unsigned i = 0; i < ImageDimension; ++i) size[i] = 2 * kernel.GetRadius(i) + 1;
  std::vector<std::uint8_t> mask(size[0] * size[1] * size[2], 0);
  for (unsigned j = 0; j < kernel.Size(); ++j) {
    if (!(kernel[j] > 0)) continue;
    const auto offset = kernel.GetOffset(j);
    std::size_t index = 0, stride = 1;
    for (unsigned i = 0; i < ImageDimension; ++i) {
      index +=
          static_cast<std::size_t>(offset[i] + static_cast<long>(kernel.GetRadius(i))) * stride;
      stride *= size[i];
    }
    mask[index] = 1;
  }
  return morphology::StructuringElement::FromMask(size, mask);
}

template <class TIn, class TOut, class TKernel>
void MorphologyImageFilterBase<TIn, TOut, TKernel>::GenerateInputRequestedRegion() {
  Superclass::GenerateInputRequestedRegion();
  if (auto* input = const_cast<TIn*>(this->GetInput()))
    input->SetRequestedRegionToLargestPossibleRegion();
}

template <class TIn, class TOut, class TKernel>
void MorphologyImageFilterBase<TIn, TOut, TKernel>::EnlargeOutputRequestedRegion(
    itk::DataObject* output) {
  Superclass::EnlargeOutputRequestedRegion(output);
  output->SetRequestedRegionToLargestPossibleRegion();
}

template <class TIn, class TOut, class TKernel>
morphology::GrayscaleOptions MorphologyImageFilterBase<TIn, TOut, TKernel>::BaseOptions() {
  morphology::GrayscaleOptions options;
  options.backend = m_Backend;
  options.progress = [this](double fraction) {
    this->UpdateProgress(static_cast<float>(fraction));
  };
  return options;
}

template <class TIn, class TOut, class TKernel>
template <class Compute>
void MorphologyImageFilterBase<TIn, TOut, TKernel>::RunCore(Compute compute) {
  using InPixel = typename TIn::PixelType;
  using OutPixel = typename TOut::PixelType;
  const TIn* input = this->GetInput();
  TOut* output = this->GetOutput();
  output->SetBufferedRegion(output->GetRequestedRegion());
  output->Allocate();
  const ImageGeometry geometry = detail::GeometryOf<TIn>(input->GetBufferedRegion());
  const ImageView<const InPixel> in{input->GetBufferPointer(), geometry, MemoryLocation::Host};
  if constexpr (std::is_same_v<InPixel, OutPixel>) {
    SetLastBackend(compute(
        in, ImageView<InPixel>{output->GetBufferPointer(), geometry, MemoryLocation::Host}));
  } else {
    std::vector<InPixel> result(geometry.numberOfPixels());
    SetLastBackend(compute(in, ImageView<InPixel>{result.data(), geometry, MemoryLocation::Host}));
    std::transform(result.begin(), result.end(), output->GetBufferPointer(),
                   [](InPixel v) { return static_cast<OutPixel>(v); });
  }
}

template <class TIn, class TOut, class TKernel>
void MorphologyImageFilterBase<TIn, TOut, TKernel>::RunGrayscale(
    morphology::GrayscaleOperation operation, morphology::GrayscaleOptions options) {
  const morphology::StructuringElement element = Element();
  RunCore([&](auto in, auto out) {
    return morphology::Grayscale(in, out, element, operation, options);
  });
}

template <class TIn, class TOut, class TKernel>
void MorphologyImageFilterBase<TIn, TOut, TKernel>::RunBinary(morphology::BinaryOperation operation,
                                                              morphology::BinaryOptions options) {
  options.backend = m_Backend;
  const morphology::StructuringElement element = Element();
  RunCore(
      [&](auto in, auto out) { return morphology::Binary(in, out, element, operation, options); });
  this->UpdateProgress(1.0f);
}

template <class TIn, class TOut, class TKernel>
void MorphologyImageFilterBase<TIn, TOut, TKernel>::PrintSelf(std::ostream& os,
                                                              itk::Indent indent) const {
  Superclass::PrintSelf(os, indent);
  os << indent << "Backend: " << cumed::ToString(m_Backend) << "\n";
  os << indent << "LastBackend: " << cumed::ToString(m_LastBackend) << "\n";
}

} // namespace cumed
