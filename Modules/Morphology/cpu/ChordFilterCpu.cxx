#include "ChordFilterCpu.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

namespace cumed::morphology::cpu {
namespace {

constexpr std::size_t kRowsPerTask = 32;

struct MaxOf {
  template <class T> static T apply(T a, T b) { return a < b ? b : a; }
};
struct MinOf {
  template <class T> static T apply(T a, T b) { return b < a ? b : a; }
};

/// The chords of one z offset, grouped by length so each length's running extremum is computed
/// once per input row.
struct SliceGroup {
  int dz = 0;
  std::vector<int> lengths;               // distinct chord lengths
  std::vector<std::vector<Chord>> chords; // chords[i]: those of length lengths[i]
};

std::vector<SliceGroup> GroupChords(const StructuringElement& element) {
  std::map<int, std::map<int, std::vector<Chord>>> byDzThenLength;
  for (const Chord& chord : element.chords())
    byDzThenLength[chord.dz][chord.length].push_back(chord);
  std::vector<SliceGroup> groups;
  for (auto& [dz, byLength] : byDzThenLength) {
    SliceGroup group;
    group.dz = dz;
    for (auto& [length, chords] : byLength) {
      group.lengths.push_back(length);
      group.chords.push_back(std::move(chords));
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

/// running[i] = extremum of padded[i .. i+L-1] for i in [0, n-L], by van Herk/Gil-Werman.
template <class T, class Op>
void RunningExtremum(const T* padded, std::size_t n, int length, T* running, T* prefix, T* suffix) {
  const std::size_t L = static_cast<std::size_t>(length);
  if (L == 1) {
    std::copy(padded, padded + n, running);
    return;
  }
  for (std::size_t start = 0; start < n; start += L) {
    const std::size_t end = std::min(start + L, n);
    prefix[start] = padded[start];
    for (std::size_t i = start + 1; i < end; ++i) prefix[i] = Op::apply(prefix[i - 1], padded[i]);
    suffix[end - 1] = padded[end - 1];
    for (std::size_t i = end - 1; i > start; --i)
      suffix[i - 1] = Op::apply(suffix[i], padded[i - 1]);
  }
  for (std::size_t i = 0; i + L <= n; ++i) running[i] = Op::apply(suffix[i], prefix[i + L - 1]);
}

template <class T, class Op>
void FilterTask(const T* input, T* output, const std::array<std::size_t, 3>& size,
                const std::vector<SliceGroup>& groups, const std::array<int, 3>& reach, T boundary,
                T identity, std::size_t z, std::size_t row0, std::size_t row1) {
  const std::size_t width = size[0], height = size[1], depth = size[2];
  const std::size_t paddedWidth = width + 2 * static_cast<std::size_t>(reach[0]);
  const std::size_t haloRows = row1 - row0 + 2 * static_cast<std::size_t>(reach[1]);

  std::vector<T> padded(paddedWidth), prefix(paddedWidth), suffix(paddedWidth);
  std::vector<T> accumulator((row1 - row0) * width, identity);
  std::vector<T> running; // [length index][halo row][paddedWidth]

  for (const SliceGroup& group : groups) {
    const long zz = static_cast<long>(z) + group.dz;
    if (zz < 0 || zz >= static_cast<long>(depth)) { // every pixel of this slice is outside
      for (T& value : accumulator) value = Op::apply(value, boundary);
      continue;
    }
    running.assign(group.lengths.size() * haloRows * paddedWidth, boundary);
    for (std::size_t h = 0; h < haloRows; ++h) {
      const long yy = static_cast<long>(row0) + static_cast<long>(h) - reach[1];
      if (yy < 0 || yy >= static_cast<long>(height)) continue; // stays `boundary`
      const T* row =
          input + (static_cast<std::size_t>(zz) * height + static_cast<std::size_t>(yy)) * width;
      std::fill(padded.begin(), padded.begin() + reach[0], boundary);
      std::copy(row, row + width, padded.begin() + reach[0]);
      std::fill(padded.begin() + reach[0] + static_cast<long>(width), padded.end(), boundary);
      for (std::size_t li = 0; li < group.lengths.size(); ++li)
        RunningExtremum<T, Op>(padded.data(), paddedWidth, group.lengths[li],
                               running.data() + (li * haloRows + h) * paddedWidth, prefix.data(),
                               suffix.data());
    }
    for (std::size_t li = 0; li < group.lengths.size(); ++li)
      for (const Chord& chord : group.chords[li])
        for (std::size_t y = row0; y < row1; ++y) {
          const std::size_t h = y - row0 + static_cast<std::size_t>(reach[1] + chord.dy);
          const T* source =
              running.data() + (li * haloRows + h) * paddedWidth + reach[0] + chord.dx0;
          T* target = accumulator.data() + (y - row0) * width;
          for (std::size_t x = 0; x < width; ++x) target[x] = Op::apply(target[x], source[x]);
        }
  }
  std::copy(accumulator.begin(), accumulator.end(), output + (z * height + row0) * width);
}

template <class T, class Op>
void Run(const T* input, T* output, const std::array<std::size_t, 3>& size,
         const StructuringElement& element, T boundary, T identity, ProgressReporter* progress) {
  const std::vector<SliceGroup> groups = GroupChords(element);
  const std::array<int, 3> reach = element.reach();
  const std::size_t blocks = (size[1] + kRowsPerTask - 1) / kRowsPerTask;
  const long tasks = static_cast<long>(size[2] * blocks);
  // Round-robin tasks: the calling thread takes every n-th one from start to end, so it sees
  // progress throughout (progress is reported on that thread only; dynamic scheduling let the
  // workers take every task of a fast pass).
#pragma omp parallel for schedule(static, 1)
  for (long task = 0; task < tasks; ++task) {
    if (progress && progress->stopRequested()) continue; // cancelled: skip the remaining rows
    const std::size_t z = static_cast<std::size_t>(task) / blocks;
    const std::size_t row0 = (static_cast<std::size_t>(task) % blocks) * kRowsPerTask;
    const std::size_t row1 = std::min(row0 + kRowsPerTask, size[1]);
    FilterTask<T, Op>(input, output, size, groups, reach, boundary, identity, z, row0, row1);
    if (progress) progress->step(row1 - row0);
  }
}

} // namespace

template <class T>
void ChordFilter(const T* input, T* output, const std::array<std::size_t, 3>& size,
                 const StructuringElement& element, Extremum extremum, T boundary,
                 ProgressReporter* progress) {
  // An empty element gives the identity of the extremum everywhere (as ITK's basic filters do).
  if (extremum == Extremum::Max)
    Run<T, MaxOf>(input, output, size, element, boundary, std::numeric_limits<T>::lowest(),
                  progress);
  else
    Run<T, MinOf>(input, output, size, element, boundary, std::numeric_limits<T>::max(), progress);
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template void ChordFilter<T>(const T*, T*, const std::array<std::size_t, 3>&,                    \
                               const StructuringElement&, Extremum, T, ProgressReporter*);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cpu
