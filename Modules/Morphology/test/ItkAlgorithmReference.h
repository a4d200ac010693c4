#pragma once
// ITK's grayscale filters run with a chosen algorithm (BASIC, HISTO, ANCHOR, VHGW, or the filter's
// own choice) on an ITK kernel as a user builds it (e.g. FlatStructuringElement::Box, which is
// decomposable and so takes ITK's ANCHOR path by default). Also reports whether ITK printed
// "Line ... doesn't correspond to a face": its ANCHOR/VHGW code then skips that line of the
// decomposition for some region and its answer is not the definition's (see morphology.md).
#include "cumed/morphology/GrayscaleMorphology.h"

#include <itkFlatStructuringElement.h>
#include <itkMathematicalMorphologyEnums.h>

#include <array>
#include <optional>
#include <vector>

namespace cumed::morphology::test {

struct ItkRunSettings {
  /// Unset: the algorithm the ITK filter picks for the kernel (what a user gets).
  std::optional<itk::MathematicalMorphologyEnums::Algorithm> algorithm;
  std::optional<double> boundary; ///< dilate/erode only
  bool safeBorder = true;         ///< open/close/top-hats only
};

template <class T> struct ItkRunResult {
  std::vector<T> values;
  bool skippedLine = false; ///< ITK printed "Line ... doesn't correspond to a face"
};

template <class T>
ItkRunResult<T>
ItkGrayscaleWithKernel(const std::vector<T>& input, const std::array<std::size_t, 3>& size,
                       const itk::FlatStructuringElement<3>& kernel, GrayscaleOperation operation,
                       const ItkRunSettings& settings);

} // namespace cumed::morphology::test
