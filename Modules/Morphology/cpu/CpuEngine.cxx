#include "CpuEngine.h"

#include "../src/BinaryValueMapping.h"

#include <algorithm>
#include <cstdint>

namespace cumed::morphology::cpu {

template <class T> T* CpuEngine<T>::scratch(std::size_t n) {
  buffers_.emplace_back(new T[n]);
  return buffers_.back().get();
}

template <class T>
void CpuEngine<T>::filter(const T* in, T* out, const detail::Size3& size,
                          const StructuringElement& element, Extremum extremum, T boundary) {
  if (this->passProgress || this->cancelRequested) {
    ProgressReporter progress(this->passProgress, size[1] * size[2], 0.01, this->cancelRequested);
    ChordFilter(in, out, size, element, extremum, boundary, &progress);
    progress.throwIfStopped();
  } else {
    ChordFilter(in, out, size, element, extremum, boundary, nullptr);
  }
}

template <class T>
void CpuEngine<T>::pad(const T* in, const detail::Size3& size, T* out,
                       const std::array<int, 3>& pad, T value) {
  const detail::Size3 padded = detail::Padded(size, pad);
  std::fill(out, out + detail::Count(padded), value);
#pragma omp parallel for
  for (long z = 0; z < static_cast<long>(size[2]); ++z)
    for (std::size_t y = 0; y < size[1]; ++y) {
      const T* source = in + (std::size_t(z) * size[1] + y) * size[0];
      T* target = out + ((std::size_t(z) + pad[2]) * padded[1] + y + pad[1]) * padded[0] + pad[0];
      std::copy(source, source + size[0], target);
    }
}

template <class T>
void CpuEngine<T>::crop(const T* in, const detail::Size3& size, T* out,
                        const std::array<int, 3>& pad) {
  const detail::Size3 padded = detail::Padded(size, pad);
#pragma omp parallel for
  for (long z = 0; z < static_cast<long>(size[2]); ++z)
    for (std::size_t y = 0; y < size[1]; ++y) {
      const T* source =
          in + ((std::size_t(z) + pad[2]) * padded[1] + y + pad[1]) * padded[0] + pad[0];
      std::copy(source, source + size[0], out + (std::size_t(z) * size[1] + y) * size[0]);
    }
}

template <class T> void CpuEngine<T>::subtract(const T* a, const T* b, T* out, std::size_t n) {
#pragma omp parallel for
  for (long i = 0; i < static_cast<long>(n); ++i) out[i] = static_cast<T>(a[i] - b[i]);
}

template <class T>
void CpuEngine<T>::foregroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n) {
#pragma omp parallel for
  for (long i = 0; i < static_cast<long>(n); ++i) mask[i] = in[i] == foreground;
}

template <class T>
void CpuEngine<T>::applyDilated(const std::uint8_t* reached, const T* in, T foreground,
                                T background, T* out, std::size_t n) {
#pragma omp parallel for
  for (long i = 0; i < static_cast<long>(n); ++i)
    out[i] = detail::DilatedValue(reached[i] != 0, in[i], foreground, background);
}

template <class T>
void CpuEngine<T>::applyEroded(const std::uint8_t* kept, const T* in, T foreground, T background,
                               T* out, std::size_t n) {
#pragma omp parallel for
  for (long i = 0; i < static_cast<long>(n); ++i)
    out[i] = detail::ErodedValue(kept[i] != 0, in[i], foreground, background);
}

template <class T>
void CpuEngine<T>::restoreUnclosed(const T* closed, const T* in, T foreground, T* out,
                                   std::size_t n) {
#pragma omp parallel for
  for (long i = 0; i < static_cast<long>(n); ++i)
    out[i] = closed[i] == foreground ? foreground : in[i];
}

template class CpuEngine<std::uint8_t>;
template class CpuEngine<std::int16_t>;
template class CpuEngine<std::uint16_t>;
template class CpuEngine<float>;

} // namespace cumed::morphology::cpu
