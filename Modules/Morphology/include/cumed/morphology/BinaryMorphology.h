#pragma once
// Binary morphology with ITK's semantics (itk::BinaryDilateImageFilter & co.), so results are
// bit-identical to ITK's filters. Pixels equal to the foreground value are the object; others
// are background and, where the operation does not claim them, keep their input value:
//  - dilate: x joins the object when some member o has f(x - o) == fg (ITK mirrors the element
//    for binary filters); object pixels that are not reached become `background`;
//  - erode: x stays in the object when every member o has f(x - o) == fg; eroded object pixels
//    become `background`; outside the image counts as object unless boundaryToForeground is off;
//  - open: erode (background as given) then dilate;
//  - close: dilate then erode (with SafeBorder padding), and every pixel the closing does not set
//    to the foreground keeps its input value.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/morphology/StructuringElement.h"

#include <optional>

namespace cumed::morphology {

enum class BinaryOperation { Dilate, Erode, Open, Close };
const char* ToString(BinaryOperation operation) noexcept;

/// Backend, stream, memory budget, threads, progress, cancellation and the report come from
/// ExecutionOptions.
struct BinaryOptions : ExecutionOptions {
  /// ITK's default is the type's max; set it explicitly. Must be a value of the pixel type
  /// (finite, in its range, whole for integer types): Binary() throws InvalidArgument naming
  /// "foreground" otherwise (CheckValueFitsPixelType), as for `background`.
  double foreground = 1;
  std::optional<double> background;         ///< unset: ITK's default for the operation
  std::optional<bool> boundaryToForeground; ///< unset: ITK's default (dilate off, erode on)
  bool safeBorder = true;                   ///< close only
};

/// Same contract as Grayscale(): same size and memory location; returns the backend that ran.
template <class T>
Backend Binary(ImageView<const T> input, ImageView<T> output, const StructuringElement& element,
               BinaryOperation operation, const BinaryOptions& options);

} // namespace cumed::morphology
