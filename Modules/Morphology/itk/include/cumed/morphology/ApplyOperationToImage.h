#pragma once
// An operation given by name (cumed/morphology/Operation.h) on an itk::Image of any pixel type
// CuMed computes on, 2D or 3D: a new image of the input's geometry (spacing, origin, direction)
// holds the result. For a whole ITK pipeline use the drop-in filters; this is the one-call form.
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/morphology/Operation.h"

#include <itkImage.h>

namespace cumed::morphology {

/// Runs `operation` on the host pixels of `input` (allocated) into a new image of its largest
/// region and geometry. `ran`, when given, receives the backend that ran. Throws as
/// ApplyOperation().
template <class TImage>
typename TImage::Pointer ApplyOperationToImage(const TImage& input, const Operation& operation,
                                               const StructuringElement& element,
                                               const OperationOptions& options,
                                               Backend* ran = nullptr) {
  using Pixel = typename TImage::PixelType;
  auto result = TImage::New();
  result->CopyInformation(&input); // spacing, origin, direction
  result->SetRegions(input.GetLargestPossibleRegion());
  result->Allocate();
  const ImageView<const Pixel> in = HostView(input);
  const ImageView<Pixel> out = MutableHostView(*result);
  const Backend backend = ApplyOperation<Pixel>(operation, in, out, element, options);
  if (ran) *ran = backend;
  return result;
}

} // namespace cumed::morphology
