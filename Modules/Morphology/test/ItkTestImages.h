#pragma once
// ITK images for the adapter tests: random pixels over the type's range (CuMed's pixel types) or
// over int16/float values (types CuMed hands to ITK, such as int and double), and a voxel-exact
// comparison.
#include "RandomVolumes.h"

#include <itkImage.h>

#include <algorithm>
#include <type_traits>

namespace cumed::morphology::test {

template <class TImage>
typename TImage::Pointer RandomImage(const typename TImage::SizeType& size, unsigned seed) {
  using Pixel = typename TImage::PixelType;
  constexpr bool cumedType = std::is_same_v<Pixel, std::uint8_t> ||
                             std::is_same_v<Pixel, std::int16_t> ||
                             std::is_same_v<Pixel, std::uint16_t> || std::is_same_v<Pixel, float>;
  using Value =
      std::conditional_t<cumedType, Pixel,
                         std::conditional_t<std::is_integral_v<Pixel>, std::int16_t, float>>;
  auto image = TImage::New();
  image->SetRegions(size);
  image->Allocate();
  const auto values =
      RandomVolume<Value>(image->GetLargestPossibleRegion().GetNumberOfPixels(), seed);
  std::copy(values.begin(), values.end(), image->GetBufferPointer());
  return image;
}

template <class TImage> bool SamePixels(const TImage* a, const TImage* b) {
  const auto n = a->GetLargestPossibleRegion().GetNumberOfPixels();
  return n == b->GetLargestPossibleRegion().GetNumberOfPixels() &&
         std::equal(a->GetBufferPointer(), a->GetBufferPointer() + n, b->GetBufferPointer());
}

} // namespace cumed::morphology::test
