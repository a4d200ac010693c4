#pragma once
// CPU (OpenMP) dilation/erosion by a flat element decomposed into chords (x-runs).
// Each task takes one z slice and a block of rows; for every z offset of the element it computes,
// once per distinct chord length L, the running max/min of length L of every input row it needs
// (van Herk / Gil-Werman: three passes, independent of L), then folds each chord in with one
// vectorisable max/min per pixel. Cost ~ pixels x (chords + 3 x distinct lengths), not x area.
#include "cumed/core/Progress.h"
#include "cumed/morphology/StructuringElement.h"

#include <array>
#include <cstddef>

namespace cumed::morphology::cpu {

enum class Extremum { Max, Min }; // Max: dilation, Min: erosion

/// output[x] = extremum over chords and their pixels of input[x + offset]; pixels outside the
/// image read `boundary`. input and output must not overlap.
template <class T>
void ChordFilter(const T* input, T* output, const std::array<std::size_t, 3>& size,
                 const StructuringElement& element, Extremum extremum, T boundary,
                 ProgressReporter* progress = nullptr);

} // namespace cumed::morphology::cpu
