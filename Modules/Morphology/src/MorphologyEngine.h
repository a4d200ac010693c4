#pragma once
// Internal: the primitive steps every grayscale operation is made of, implemented once per
// backend (CPU: OpenMP on host memory; CUDA: kernels on device memory). The composite operations
// (open, close, top-hats, gradient) are written once on top of them (CompositeOperations.h).
#include "cpu/ChordFilterCpu.h"
#include "cumed/morphology/StructuringElement.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace cumed::morphology::detail {

using Size3 = std::array<std::size_t, 3>;
using cpu::Extremum;

inline std::size_t Count(const Size3& size) {
  return size[0] * size[1] * size[2];
}

inline Size3 Padded(const Size3& size, const std::array<int, 3>& pad) {
  return {size[0] + 2 * std::size_t(pad[0]), size[1] + 2 * std::size_t(pad[1]),
          size[2] + 2 * std::size_t(pad[2])};
}

template <class T> class MorphologyEngine {
public:
  virtual ~MorphologyEngine() = default;
  /// A scratch buffer of n pixels in the engine's memory, alive as long as the engine.
  virtual T* scratch(std::size_t n) = 0;
  /// Dilation (Max) or erosion (Min) of in into out; outside pixels read `boundary`.
  virtual void filter(const T* in, T* out, const Size3& size, const StructuringElement& element,
                      Extremum extremum, T boundary) = 0;
  /// out (size + 2*pad) = in surrounded by `value`.
  virtual void pad(const T* in, const Size3& size, T* out, const std::array<int, 3>& pad,
                   T value) = 0;
  /// out (size) = the centre of in (size + 2*pad).
  virtual void crop(const T* in, const Size3& size, T* out, const std::array<int, 3>& pad) = 0;
  /// out = T(a - b), the arithmetic of ITK's SubtractImageFilter.
  virtual void subtract(const T* a, const T* b, T* out, std::size_t n) = 0;

  // Elementwise steps of binary morphology (see BinaryMorphology.h); `mask` is 0/1.
  /// mask = (in == foreground)
  virtual void foregroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n) = 0;
  /// out = reached ? foreground : (in == foreground ? background : in)   (dilation)
  virtual void applyDilated(const std::uint8_t* reached, const T* in, T foreground, T background,
                            T* out, std::size_t n) = 0;
  /// v = kept ? foreground : background; out = v == background && in != foreground ? in : v
  /// (erosion; ITK restores every pixel equal to the background, also when fg == bg)
  virtual void applyEroded(const std::uint8_t* kept, const T* in, T foreground, T background,
                           T* out, std::size_t n) = 0;
  /// out = closed == foreground ? foreground : in                          (closing)
  virtual void restoreUnclosed(const T* closed, const T* in, T foreground, T* out,
                               std::size_t n) = 0;
  /// Optional fast path for one whole binary step (BinaryStep in BinaryOperations.h): the same
  /// result as foregroundMask, filter of the mask by `mirrored` (Max for dilate, Min for erode,
  /// boundary 1 when boundaryToForeground else 0), then applyDilated / applyEroded. Returns
  /// false when not handled (the default, and for elements the engine's fast path does not
  /// take): BinaryStep then runs those primitives, which stay the reference.
  virtual bool binaryStep(const T* /*in*/, T* /*out*/, const Size3& /*size*/,
                          const StructuringElement& /*mirrored*/, bool /*dilate*/, T /*foreground*/,
                          T /*background*/, bool /*boundaryToForeground*/) {
    return false;
  }

  /// Called with the fraction of the current filter pass (CPU only; may stay unset).
  std::function<void(double)> passProgress;
};

} // namespace cumed::morphology::detail
