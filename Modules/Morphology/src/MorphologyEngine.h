#pragma once
// Internal: the primitive steps every grayscale operation is made of, implemented once per
// backend (CPU: OpenMP on host memory; CUDA: kernels on device memory). The composite operations
// (open, close, top-hats, gradient) are written once on top of them (CompositeOperations.h).
#include "cpu/ChordFilterCpu.h"
#include "cumed/core/Execution.h"
#include "cumed/morphology/StructuringElement.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

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
  /// Polled during filter passes (CPU only); true stops the pass with cumed::Cancelled.
  std::function<bool()> cancelRequested;
};

/// Forwards the caller's progress and cancellation to an engine's filter passes: each pass
/// reports its own fraction, scaled here into one progress for `passes` passes.
template <class T>
void AttachControl(MorphologyEngine<T>& engine, const ExecutionOptions& options, int passes) {
  engine.cancelRequested = options.cancelRequested;
  if (!options.progress) return;
  // The state is shared: each pass's ProgressReporter holds its own copy of the callback.
  struct PassState {
    int pass = -1;
    double last = -1.0;
  };
  auto state = std::make_shared<PassState>();
  engine.passProgress = [progress = options.progress, passes, state](double fraction) {
    if (fraction < state->last || state->pass < 0) ++state->pass;
    state->last = fraction;
    progress(std::min(1.0, (state->pass + fraction) / passes));
  };
}

} // namespace cumed::morphology::detail
