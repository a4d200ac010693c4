#pragma once
// What CuMed's ITK morphology filters add to the generic accelerator (ImageFilterAccelerator.h):
// the ITK kernel as CuMed's structuring element and the grayscale/binary core calls. ITK's
// morphology filters compute in the input pixel type and cast to the output type; so does CuMed
// (on the host when the two types differ).
#include "cumed/itk/ImageFilterAccelerator.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/morphology/ItkLineDecomposition.h"

#include <itkFlatStructuringElement.h>

#include <algorithm>
#include <type_traits>
#include <vector>

namespace cumed {

template <class TItkFilter>
class MorphologyFilterAccelerator : public ImageFilterAccelerator<TItkFilter> {
public:
  using Superclass = ImageFilterAccelerator<TItkFilter>;
  using KernelType = typename TItkFilter::KernelType;
  using Superclass::ImageDimension;

  /// The kernel as CuMed's element: members are the kernel values > 0, centred.
  static morphology::StructuringElement ToStructuringElement(const KernelType& kernel) {
    std::array<std::size_t, 3> size{1, 1, 1};
    for (unsigned i = 0; i < ImageDimension; ++i) size[i] = 2 * kernel.GetRadius(i) + 1;
    morphology::StructuringElement::CheckSize(size); // before the mask is allocated
    std::vector<std::uint8_t> mask(size[0] * size[1] * size[2], 0);
    for (unsigned j = 0; j < kernel.Size(); ++j) {
      if (!(kernel[j] > 0)) continue;
      const auto offset = kernel.GetOffset(j);
      std::size_t index = 0, stride = 1;
      for (unsigned i = 0; i < ImageDimension; ++i) {
        index += static_cast<std::size_t>(offset[i] + long(kernel.GetRadius(i))) * stride;
        stride *= size[i];
      }
      mask[index] = 1;
    }
    return morphology::StructuringElement::FromMask(size, mask);
  }

  /// ITK's SetRadius makes a box kernel of (2r+1) per axis at once; a radius CuMed refuses
  /// (StructuringElement::CheckRadius) throws itk::ExceptionObject before that allocation.
  using TItkFilter::SetRadius;
  void SetRadius(const typename TItkFilter::RadiusType& radius) override {
    std::array<int, 3> voxels{0, 0, 0};
    for (unsigned i = 0; i < ImageDimension; ++i) {
      // Clamped only for the message: CheckRadius refuses anything above kMaxRadius.
      voxels[i] = static_cast<int>(std::min<itk::SizeValueType>(
          radius[i], itk::SizeValueType(morphology::StructuringElement::kMaxRadius) + 1));
    }
    try {
      morphology::StructuringElement::CheckRadius(voxels);
    } catch (const Error& error) {
      itkExceptionMacro(<< error.what());
    }
    TItkFilter::SetRadius(radius);
  }

protected:
  using typename Superclass::InPixel;
  using typename Superclass::OutPixel;

  // Compiled only for the pixel types CuMed has (the core is instantiated for those alone).
  void RunGrayscale(morphology::GrayscaleOperation operation,
                    morphology::GrayscaleOptions options) {
    if constexpr (Superclass::CuMedSupported) {
      WarnOnceWhereItkSkipsLines();
      // Inside Run: its bridge turns CuMed's errors (an element refused) into ITK exceptions.
      RunInInputType(options, [&](auto in, auto out, const morphology::GrayscaleOptions& o) {
        const auto element = ToStructuringElement(this->GetKernel());
        return morphology::Grayscale(in, out, element, operation, o);
      });
    }
  }
  void RunBinary(morphology::BinaryOperation operation, morphology::BinaryOptions options) {
    if constexpr (Superclass::CuMedSupported) {
      RunInInputType(options, [&](auto in, auto out, const morphology::BinaryOptions& o) {
        const auto element = ToStructuringElement(this->GetKernel());
        return morphology::Binary(in, out, element, operation, o);
      });
    }
  }

private:
  /// CuMed computes the definition; ITK's ANCHOR/VHGW line sweep may not (ItkLineDecomposition.h).
  void WarnOnceWhereItkSkipsLines() {
    if (m_WarnedItkSkipsLines || !detail::UsesLineDecomposition<TItkFilter>(*this)) return;
    if (!detail::LineSweepMaySkip(this->GetKernel(),
                                  this->GetInput()->GetLargestPossibleRegion().GetSize(),
                                  ImageDimension))
      return;
    m_WarnedItkSkipsLines = true;
    itkWarningMacro(<< "CuMed computes the flat-kernel definition, which ITK's BASIC and HISTO "
                       "algorithms give. "
                    << TItkFilter::GetNameOfClass()
                    << " would use its ANCHOR/VHGW line decomposition for this box kernel, which "
                       "in ITK 5.2 skips lines (\"Line [...] doesn't correspond to a face\") for "
                       "a kernel with a zero radius or an image one voxel thick on an axis, so "
                       "ITK's own answer may differ here.");
  }
  bool m_WarnedItkSkipsLines = false;

  /// compute(in, out) with out in the input pixel type, cast to the output type afterwards.
  template <class TOptions, class TCompute>
  void RunInInputType(TOptions options, TCompute compute) {
    constexpr bool sameType = std::is_same_v<InPixel, OutPixel>;
    this->Run(
        options,
        [&](ImageView<const InPixel> in, ImageView<OutPixel> out, const TOptions& o) {
          if constexpr (sameType) {
            return compute(in, out, o);
          } else {
            std::vector<InPixel> result(in.geometry.numberOfPixels());
            const Backend ran = compute(
                in, ImageView<InPixel>{result.data(), in.geometry, MemoryLocation::Host}, o);
            std::transform(result.begin(), result.end(), out.data,
                           [](InPixel v) { return static_cast<OutPixel>(v); });
            return ran;
          }
        },
        sameType);
  }
};

} // namespace cumed
