#include "CudaEngine.h"

#include "ElementwiseKernels.h"
#include "MorphologyKernels.h"
#include "PackedBinary.h"
#include "cumed/core/CudaCheck.h"

#include <cstdint>

namespace cumed::morphology::cuda {
namespace {

VolumeSize ToVolumeSize(const detail::Size3& size) {
  return {static_cast<int>(size[0]), static_cast<int>(size[1]), static_cast<int>(size[2])};
}

} // namespace

template <class T> T* CudaEngine<T>::scratch(std::size_t n) {
  buffers_.emplace_back(n * sizeof(T), stream_); // stream-ordered: no device-wide sync
  return buffers_.back().template as<T>();
}

template <class T>
const DeviceChordTableEntry& CudaEngine<T>::tableFor(const StructuringElement& element) {
  if (!table_ || tableElement_ != &element) {
    table_ = CachedDeviceChordTable(element);
    tableElement_ = &element;
  }
  return *table_;
}

template <class T>
void CudaEngine<T>::filter(const T* in, T* out, const detail::Size3& size,
                           const StructuringElement& element, detail::Extremum extremum,
                           T boundary) {
  // A box is separable: one line pass per axis it spans. Exact, boundary included: a window that
  // leaves the image along an axis sees `boundary` in that axis's pass, as the box would.
  std::vector<const StructuringElement*> passes;
  if (element.isBox())
    for (int axis = 0; axis < 3; ++axis)
      if (element.size()[axis] > 1) passes.push_back(&boxLine(element, axis));
  if (passes.size() < 2) {
    launch(in, out, size, element, extremum, boundary, 0, static_cast<int>(size[2]));
    return;
  }
  // Ping-pong so that the last pass writes `out`: in->out->tmp->out or in->tmp->out.
  T* temporary = scratch(detail::Count(size));
  T* targets[3] = {out, temporary, out};
  const int first = passes.size() == 3 ? 0 : 1;
  const T* source = in;
  for (std::size_t p = 0; p < passes.size(); ++p) {
    T* target = targets[first + static_cast<int>(p)];
    launch(source, target, size, *passes[p], extremum, boundary, 0, static_cast<int>(size[2]));
    source = target;
  }
}

template <class T>
void CudaEngine<T>::filterSlices(const T* in, T* out, const detail::Size3& size,
                                 const StructuringElement& element, detail::Extremum extremum,
                                 T boundary, int zBegin, int zEnd) {
  if (element.isBox()) // line passes need every slice of their intermediate
    filter(in, out, size, element, extremum, boundary);
  else
    launch(in, out, size, element, extremum, boundary, zBegin, zEnd);
}

template <class T>
const StructuringElement& CudaEngine<T>::boxLine(const StructuringElement& box, int axis) {
  std::array<std::size_t, 3> size{1, 1, 1};
  size[axis] = box.size()[axis];
  for (const StructuringElement& line : boxLines_)
    if (line.size() == size) return line;
  boxLines_.push_back(StructuringElement::FromMask(size, std::vector<std::uint8_t>(size[axis], 1)));
  return boxLines_.back();
}

template <class T>
void CudaEngine<T>::launch(const T* in, T* out, const detail::Size3& size,
                           const StructuringElement& element, detail::Extremum extremum, T boundary,
                           int zBegin, int zEnd) {
  const DeviceChordTableEntry& uploaded = tableFor(element);
  DeviceChordTable table;
  table.reachX = uploaded.table.reach[0];
  table.reachY = uploaded.table.reach[1];
  table.reachZ = uploaded.table.reach[2];
  table.lengthCount = static_cast<int>(uploaded.table.lengths.size());
  table.chordCount = static_cast<int>(uploaded.table.chords.size());
  table.lengths = uploaded.lengths.template as<int>();
  table.groupStart = uploaded.groupStart.template as<int>();
  table.chords = uploaded.chords.template as<ChordOffset>();
  if (uploaded.table.centred)
    table.rowHalfLength = static_cast<const signed char*>(uploaded.rowHalfLength.data());
  LaunchChordFilter(in, out, ToVolumeSize(size), SliceRange{zBegin, zEnd}, table,
                    extremum == detail::Extremum::Max, boundary, stream_.native());
}

template <class T>
void CudaEngine<T>::pad(const T* in, const detail::Size3& size, T* out,
                        const std::array<int, 3>& pad, T value) {
  LaunchPad(in, ToVolumeSize(size), out, pad[0], pad[1], pad[2], value, stream_.native());
}

template <class T>
void CudaEngine<T>::crop(const T* in, const detail::Size3& size, T* out,
                         const std::array<int, 3>& pad) {
  LaunchCrop(in, ToVolumeSize(size), out, pad[0], pad[1], pad[2], stream_.native());
}

template <class T> void CudaEngine<T>::subtract(const T* a, const T* b, T* out, std::size_t n) {
  LaunchSubtract(a, b, out, n, stream_.native());
}

template <class T>
void CudaEngine<T>::foregroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n) {
  LaunchForegroundMask(in, foreground, mask, n, stream_.native());
}

template <class T>
void CudaEngine<T>::applyDilated(const std::uint8_t* reached, const T* in, T foreground,
                                 T background, T* out, std::size_t n) {
  LaunchApplyDilated(reached, in, foreground, background, out, n, stream_.native());
}

template <class T>
void CudaEngine<T>::applyEroded(const std::uint8_t* kept, const T* in, T foreground, T background,
                                T* out, std::size_t n) {
  LaunchApplyEroded(kept, in, foreground, background, out, n, stream_.native());
}

template <class T>
void CudaEngine<T>::restoreUnclosed(const T* closed, const T* in, T foreground, T* out,
                                    std::size_t n) {
  LaunchRestoreUnclosed(closed, in, foreground, out, n, stream_.native());
}

template <class T>
bool CudaEngine<T>::binaryStep(const T* in, T* out, const detail::Size3& size,
                               const StructuringElement& mirrored, bool dilate, T foreground,
                               T background, bool boundaryToForeground) {
  return RunPackedBinaryStep(in, out, size, mirrored, dilate, foreground, background,
                             boundaryToForeground, buffers_, stream_);
}

template class CudaEngine<std::uint8_t>;
template class CudaEngine<std::int16_t>;
template class CudaEngine<std::uint16_t>;
template class CudaEngine<float>;

} // namespace cumed::morphology::cuda
