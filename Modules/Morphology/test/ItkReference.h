#pragma once
// The answers CuMed must reproduce: ITK's own filters, run on the same data.
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <itkFlatStructuringElement.h>
#include <itkImage.h>

#include <algorithm>
#include <array>
#include <vector>

namespace cumed::morphology::test {

/// A new ITK image (itk::Image or cumed::CudaImage) holding a copy of `values`, x fastest.
template <class TImage>
typename TImage::Pointer WrapAsItk(const std::vector<typename TImage::PixelType>& values,
                                   const std::array<std::size_t, 3>& size) {
  auto image = TImage::New();
  image->SetRegions(typename TImage::SizeType{{size[0], size[1], size[2]}});
  image->Allocate();
  std::copy(values.begin(), values.end(), image->GetBufferPointer());
  return image;
}

/// ITK's FlatStructuringElement for our element (even sizes embedded in the next odd size, which
/// keeps the centre at size/2).
itk::FlatStructuringElement<3> ToItkElement(const StructuringElement& element);

template <class T>
std::vector<T> ItkGrayscale(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                            const StructuringElement& element, GrayscaleOperation operation);

/// ITK's binary filter for `operation`, configured from `options` (foreground, background,
/// boundaryToForeground, safeBorder) exactly as a user would set it.
template <class T>
std::vector<T> ItkBinary(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                         const StructuringElement& element, BinaryOperation operation,
                         const BinaryOptions& options);

} // namespace cumed::morphology::test
