#pragma once
// Internal: binary morphology with ITK's semantics (BinaryMorphology.h), written once on the
// engine primitives: the object becomes a 0/1 mask, the mask is dilated/eroded by the mirrored
// element as a grayscale uint8 image, and the result is mapped back to the input's values.
// An engine may do a whole step faster (MorphologyEngine::binaryStep: CUDA packs the mask into
// bits); the primitive sequence below is the definition it must match.
#include "MorphologyEngine.h"
#include "cumed/morphology/BinaryMorphology.h"

#include <limits>

namespace cumed::morphology::detail {

template <class T> struct BinaryEngines {
  MorphologyEngine<T>& values;
  MorphologyEngine<std::uint8_t>& masks;
};

template <class T>
void BinaryStep(BinaryEngines<T> e, bool dilate, const T* in, T* out, const Size3& size,
                const StructuringElement& mirrored, T foreground, T background,
                bool boundaryToForeground) {
  if (e.values.binaryStep(in, out, size, mirrored, dilate, foreground, background,
                          boundaryToForeground))
    return;
  const std::size_t n = Count(size);
  std::uint8_t* mask = e.masks.scratch(n);
  std::uint8_t* result = e.masks.scratch(n);
  e.values.foregroundMask(in, foreground, mask, n);
  e.masks.filter(mask, result, size, mirrored, dilate ? Extremum::Max : Extremum::Min,
                 boundaryToForeground ? 1 : 0);
  if (dilate)
    e.values.applyDilated(result, in, foreground, background, out, n);
  else
    e.values.applyEroded(result, in, foreground, background, out, n);
}

template <class T>
void RunBinaryOperation(BinaryEngines<T> e, const T* in, T* out, const Size3& size,
                        const StructuringElement& element, BinaryOperation operation,
                        const BinaryOptions& options) {
  const StructuringElement mirrored = element.reflected(); // ITK's binary filters use x - o
  const T foreground = static_cast<T>(options.foreground);
  const T lowest = std::numeric_limits<T>::lowest();
  const auto background = [&](T itkDefault) {
    return options.background ? static_cast<T>(*options.background) : itkDefault;
  };
  const std::size_t n = Count(size);
  switch (operation) {
  case BinaryOperation::Dilate:
    BinaryStep(e, true, in, out, size, mirrored, foreground, background(lowest),
               options.boundaryToForeground.value_or(false));
    return;
  case BinaryOperation::Erode:
    BinaryStep(e, false, in, out, size, mirrored, foreground, background(lowest),
               options.boundaryToForeground.value_or(true));
    return;
  case BinaryOperation::Open: { // itk::BinaryMorphologicalOpeningImageFilter
    T* eroded = e.values.scratch(n);
    BinaryStep(e, false, in, eroded, size, mirrored, foreground, background(T(0)), true);
    BinaryStep(e, true, eroded, out, size, mirrored, foreground, lowest, false);
    return;
  }
  case BinaryOperation::Close: { // itk::BinaryMorphologicalClosingImageFilter
    const T closingBackground = foreground == T(0) ? std::numeric_limits<T>::max() : T(0);
    T* closed = e.values.scratch(n);
    if (options.safeBorder) {
      const std::array<int, 3> pad = element.reach();
      const Size3 padded = Padded(size, pad);
      T* a = e.values.scratch(Count(padded));
      T* b = e.values.scratch(Count(padded));
      e.values.pad(in, size, a, pad, closingBackground);
      BinaryStep(e, true, a, b, padded, mirrored, foreground, lowest, false);
      BinaryStep(e, false, b, a, padded, mirrored, foreground, closingBackground, true);
      e.values.crop(a, size, closed, pad);
    } else {
      T* dilated = e.values.scratch(n);
      BinaryStep(e, true, in, dilated, size, mirrored, foreground, lowest, false);
      BinaryStep(e, false, dilated, closed, size, mirrored, foreground, closingBackground, true);
    }
    e.values.restoreUnclosed(closed, in, foreground, out, n);
    return;
  }
  }
}

inline int FilterPasses(BinaryOperation operation) {
  return operation == BinaryOperation::Dilate || operation == BinaryOperation::Erode ? 1 : 2;
}

} // namespace cumed::morphology::detail
