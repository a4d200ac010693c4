#pragma once
// Grayscale morphology with flat structuring elements, on the CPU (OpenMP) or the GPU (CUDA),
// with ITK's semantics so results are bit-identical to ITK's filters:
//  - dilate(x) = max over members o of f(x + o), erode(x) = min (ITK does not mirror the element);
//  - outside the image, dilation sees the type's lowest value and erosion its highest, unless a
//    boundary value is given;
//  - open/close with safeBorder (ITK's default) pad by the element's reach with the value that
//    cannot win (highest for opening, lowest for closing), so the border is not eroded/dilated
//    by the image edge; top-hats and the gradient subtract in int/float and cast back, as ITK's
//    SubtractImageFilter does.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/morphology/StructuringElement.h"

#include <cstddef>
#include <optional>

namespace cumed::morphology {

enum class GrayscaleOperation { Dilate, Erode, Open, Close, WhiteTopHat, BlackTopHat, Gradient };
const char* ToString(GrayscaleOperation operation) noexcept;

/// Backend, stream, memory budget (larger volumes run in overlapping z slabs), threads,
/// progress, cancellation and the report come from ExecutionOptions.
struct GrayscaleOptions : ExecutionOptions {
  /// Value of the pixels outside the image for Dilate/Erode (ITK's SetBoundary); unset: lowest
  /// value of the pixel type for dilation, highest for erosion.
  std::optional<double> boundary;
  /// Open/Close/top-hats: pad before and crop after, as ITK's SafeBorder (default on).
  bool safeBorder = true;
};

/// Runs `operation` on `input` and writes `output` (same pixel type and size, same memory
/// location as the input: host views run on host memory, device views stay on the device).
/// Host input with the CUDA backend is uploaded and the result downloaded (counted transfers).
/// Returns the backend that ran. Throws InvalidArgument naming the mismatch for bad arguments.
template <class T>
Backend Grayscale(ImageView<const T> input, ImageView<T> output, const StructuringElement& element,
                  GrayscaleOperation operation, const GrayscaleOptions& options = {});

/// Type-erased convenience: allocates the output in the input's memory location.
Image Grayscale(const Image& input, const StructuringElement& element, GrayscaleOperation operation,
                const GrayscaleOptions& options = {}, Backend* backendThatRan = nullptr);

} // namespace cumed::morphology
