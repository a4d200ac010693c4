#pragma once
// When ITK's own filter would not compute the flat-kernel definition. For a decomposable kernel
// (FlatStructuringElement::Box, Polygon) ITK's grayscale filters pick the ANCHOR algorithm (or
// VHGW when asked), which sweeps each line of the decomposition from a face of the work region it
// is given. ITK 5.2 finds that face by the region's extent-1 axis, so a region that is one voxel
// thick along another axis (a single-slice image; a 2D box, radius 0 on z, whose volume ITK's
// threads split into one-slice pieces) has no face for some lines: ITK prints "Line [...] doesn't
// correspond to a face" and skips them, and its answer then depends on its thread count. CuMed
// always computes the definition (what ITK's BASIC and HISTO algorithms give) and says so.
#include <itkFlatStructuringElement.h>
#include <itkMathematicalMorphologyEnums.h>

#include <type_traits>
#include <utility>

namespace cumed::detail {

template <class F, class = void> struct HasForceAlgorithm : std::false_type {};
template <class F>
struct HasForceAlgorithm<F, std::void_t<decltype(std::declval<const F&>().GetForceAlgorithm())>>
    : std::true_type {};

/// True when `filter` (an ITK grayscale morphology filter) would sweep lines of a decomposition:
/// a decomposable flat kernel with the ANCHOR/VHGW algorithm chosen, or (top-hats, whose inner
/// opening/closing picks for itself unless ForceAlgorithm) not forced to another algorithm.
template <class TItkFilter> bool UsesLineDecomposition(const TItkFilter& filter) {
  using Kernel = typename TItkFilter::KernelType;
  if constexpr (!std::is_base_of_v<itk::FlatStructuringElement<Kernel::NeighborhoodDimension>,
                                   Kernel>) {
    return false;
  } else {
    if (!filter.GetKernel().GetDecomposable()) return false;
    using Algorithm = itk::MathematicalMorphologyEnums::Algorithm;
    if constexpr (HasForceAlgorithm<TItkFilter>::value)
      if (!filter.GetForceAlgorithm()) return true;
    const Algorithm algorithm = filter.GetAlgorithm();
    return algorithm == Algorithm::ANCHOR || algorithm == Algorithm::VHGW;
  }
}

/// True when ITK's line sweep may skip lines for this kernel and image: a zero radius on an axis
/// or an image one voxel thick on an axis (see the file comment).
template <class TKernel, class TSize>
bool LineSweepMaySkip(const TKernel& kernel, const TSize& imageSize, unsigned dimension) {
  for (unsigned i = 0; i < dimension; ++i)
    if (kernel.GetRadius(i) == 0 || imageSize[i] == 1) return true;
  return false;
}

} // namespace cumed::detail
