#pragma once
// Where both correlation paths (the fused kernel, the peak search after cuFFT) put a window's
// result: the vector plus the predictor at the window centre, or the zeros of a masked window.
#include "cuda/PivKernels.h"
#include "src/PeakFit.h"
#include "src/Sampling.h"

namespace cumed::piv::detail {

__device__ inline void StoreMaskedWindow(const DeviceFieldView& field, int window) {
  field.u[window] = field.v[window] = field.peak[window] = field.second[window] = 0.f;
  field.peakToPeak[window] = field.peakToMean[window] = 0.f;
  field.flags[window] = Masked;
}

/// The vector `w` of window (column, row), displaced by the predictor there when there is one.
__device__ inline void StoreWindowVector(const DeviceFieldView& field, int window,
                                         const WindowVector& w, const PassGrid& g, int column,
                                         int row, const GridView* predictor) {
  float pu = 0.f, pv = 0.f;
  if (predictor) SampleGrid(*predictor, WindowCentre(g, column), WindowCentre(g, row), pu, pv);
  field.u[window] = pu + w.u;
  field.v[window] = pv + w.v;
  field.peak[window] = w.peak;
  field.second[window] = w.second;
  field.peakToPeak[window] = w.peakToPeak;
  field.peakToMean[window] = w.peakToMean;
  field.flags[window] = w.flags;
}

} // namespace cumed::piv::detail
