#pragma once
// Internal: every grayscale operation expressed with the engine's primitives, with ITK's
// boundary and SafeBorder semantics (see GrayscaleMorphology.h).
#include "MorphologyEngine.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <limits>

namespace cumed::morphology::detail {

/// Number of filter passes an operation makes (for progress and slab halos).
inline int FilterPasses(GrayscaleOperation operation) {
  switch (operation) {
  case GrayscaleOperation::Dilate:
  case GrayscaleOperation::Erode:
    return 1;
  default:
    return 2;
  }
}

/// Dilate-then-erode (closing) or erode-then-dilate (opening), with or without SafeBorder.
template <class T>
void OpenOrClose(MorphologyEngine<T>& engine, const T* in, T* out, const Size3& size,
                 const StructuringElement& element, bool closing, bool safeBorder) {
  const T lowest = std::numeric_limits<T>::lowest(), highest = std::numeric_limits<T>::max();
  const Extremum first = closing ? Extremum::Max : Extremum::Min;
  const Extremum second = closing ? Extremum::Min : Extremum::Max;
  const T firstBoundary = closing ? lowest : highest;
  const T secondBoundary = closing ? highest : lowest;
  if (!safeBorder) {
    T* temporary = engine.scratch(Count(size));
    engine.filter(in, temporary, size, element, first, firstBoundary);
    engine.filter(temporary, out, size, element, second, secondBoundary);
    return;
  }
  // ITK pads by the kernel radius with the value that cannot win the first pass; padding by the
  // element's reach gives the same values inside the image.
  const std::array<int, 3> pad = element.reach();
  const Size3 padded = Padded(size, pad);
  T* a = engine.scratch(Count(padded));
  T* b = engine.scratch(Count(padded));
  engine.pad(in, size, a, pad, firstBoundary);
  engine.filter(a, b, padded, element, first, firstBoundary);
  engine.filter(b, a, padded, element, second, secondBoundary);
  engine.crop(a, size, out, pad);
}

template <class T>
void RunOperation(MorphologyEngine<T>& engine, const T* in, T* out, const Size3& size,
                  const StructuringElement& element, GrayscaleOperation operation,
                  const GrayscaleOptions& options) {
  const T lowest = std::numeric_limits<T>::lowest(), highest = std::numeric_limits<T>::max();
  const auto boundaryOr = [&](T fallback) {
    return options.boundary ? static_cast<T>(*options.boundary) : fallback;
  };
  switch (operation) {
  case GrayscaleOperation::Dilate:
    engine.filter(in, out, size, element, Extremum::Max, boundaryOr(lowest));
    return;
  case GrayscaleOperation::Erode:
    engine.filter(in, out, size, element, Extremum::Min, boundaryOr(highest));
    return;
  case GrayscaleOperation::Open:
  case GrayscaleOperation::Close:
    OpenOrClose(engine, in, out, size, element, operation == GrayscaleOperation::Close,
                options.safeBorder);
    return;
  case GrayscaleOperation::WhiteTopHat:
  case GrayscaleOperation::BlackTopHat: {
    const bool closing = operation == GrayscaleOperation::BlackTopHat;
    T* filtered = engine.scratch(Count(size));
    OpenOrClose(engine, in, filtered, size, element, closing, options.safeBorder);
    if (closing)
      engine.subtract(filtered, in, out, Count(size));
    else
      engine.subtract(in, filtered, out, Count(size));
    return;
  }
  case GrayscaleOperation::Gradient: {
    T* dilated = engine.scratch(Count(size));
    T* eroded = engine.scratch(Count(size));
    engine.filter(in, dilated, size, element, Extremum::Max, lowest);
    engine.filter(in, eroded, size, element, Extremum::Min, highest);
    engine.subtract(dilated, eroded, out, Count(size));
    return;
  }
  }
}

} // namespace cumed::morphology::detail
