#pragma once
// The CUDA implementation of the morphology primitives: device memory, one stream.
#include "../src/MorphologyEngine.h"
#include "ChordTable.h"
#include "DeviceChordTableCache.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

#include <deque>
#include <memory>
#include <vector>

namespace cumed::morphology::cuda {

template <class T> class CudaEngine final : public detail::MorphologyEngine<T> {
public:
  explicit CudaEngine(const Stream& stream) : stream_(stream) {}
  T* scratch(std::size_t n) override;
  void filter(const T* in, T* out, const detail::Size3& size, const StructuringElement& element,
              detail::Extremum extremum, T boundary) override;
  /// filter() writing only the output slices [zBegin, zEnd) (reading the whole input): what a
  /// slab's later pass or download needs. A box (several line passes) writes every slice.
  void filterSlices(const T* in, T* out, const detail::Size3& size,
                    const StructuringElement& element, detail::Extremum extremum, T boundary,
                    int zBegin, int zEnd);
  void pad(const T* in, const detail::Size3& size, T* out, const std::array<int, 3>& pad,
           T value) override;
  void crop(const T* in, const detail::Size3& size, T* out, const std::array<int, 3>& pad) override;
  void subtract(const T* a, const T* b, T* out, std::size_t n) override;
  void foregroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n) override;
  void applyDilated(const std::uint8_t* reached, const T* in, T foreground, T background, T* out,
                    std::size_t n) override;
  void applyEroded(const std::uint8_t* kept, const T* in, T foreground, T background, T* out,
                   std::size_t n) override;
  void restoreUnclosed(const T* closed, const T* in, T foreground, T* out, std::size_t n) override;
  /// Bit-packed binary step (PackedBinary.h) for elements with an x reach up to 32.
  bool binaryStep(const T* in, T* out, const detail::Size3& size,
                  const StructuringElement& mirrored, bool dilate, T foreground, T background,
                  bool boundaryToForeground) override;

private:
  const DeviceChordTableEntry& tableFor(const StructuringElement& element);
  /// One kernel launch for `element` (filter() splits boxes into lines first).
  void launch(const T* in, T* out, const detail::Size3& size, const StructuringElement& element,
              detail::Extremum extremum, T boundary, int zBegin, int zEnd);
  /// The line along `axis` of a box element (same length and centre), kept for the engine's life.
  const StructuringElement& boxLine(const StructuringElement& box, int axis);

  const Stream& stream_;
  std::vector<DeviceBuffer> buffers_;
  std::deque<StructuringElement> boxLines_; // deque: references stay valid as it grows
  const StructuringElement* tableElement_ = nullptr;
  std::shared_ptr<const DeviceChordTableEntry> table_; // alive while kernels may be queued
};

} // namespace cumed::morphology::cuda
