#pragma once
// The interrogation grid of one pass: window size, step, number of windows, FFT size, and where
// each window's pixels come from and go in the correlation buffer. Shared by both backends.
#include "cumed/core/HostDevice.h"
#include "cumed/piv/PivOptions.h"

#include <cstddef>

namespace cumed::piv::detail {

struct PassGrid {
  int windowSize = 0; ///< px
  int step = 0;       ///< px between window origins
  int columns = 0;
  int rows = 0;
  int extension = 0;            ///< px the second frame's window grows on each side
  int fftSize = 0;              ///< side of the (square) correlation buffer
  bool correctPairLoss = false; ///< this pass's sub-pixel fits divide by the pair counts
  CUMED_HOST_DEVICE int count() const { return columns * rows; }
};

/// The grid of a pass over a width x height frame (no pair-loss correction). The caller has
/// checked that the window fits.
PassGrid PlanPass(int width, int height, int windowSize, double overlap, int extension,
                  bool zeroPadding);

/// The grid of pass `pass` (0-based) of `options` over a width x height frame: its window
/// size, the overlap, the search extension (first pass only), the zero padding and whether the
/// pair-loss correction applies.
PassGrid PlanPass(int width, int height, const PivOptions& options, std::size_t pass);

/// The largest |shift| along an axis a peak may have (px): a quarter window beyond the search
/// extension (PivOptions). Zero padding does not move it: it removes wrap-around, not the loss.
CUMED_HOST_DEVICE float QuarterWindowLimit(const PassGrid& g) {
  return float(g.extension) + 0.25f * float(g.windowSize);
}

/// Window centre along one axis (pixel-centre coordinates).
CUMED_HOST_DEVICE float WindowCentre(const PassGrid& g, int index) {
  return float(index * g.step) + 0.5f * float(g.windowSize - 1);
}

/// The circular shift a correlation-buffer index stands for: 0..n/2 -> itself, above -> negative.
CUMED_HOST_DEVICE int ShiftOf(int k, int n) {
  return k > n / 2 ? k - n : k;
}

/// The pixel of the first frame at buffer position (i, j) of window (column, row), or false when
/// the buffer holds zero there. The first frame's window sits `extension` px into the buffer.
CUMED_HOST_DEVICE bool FirstFramePixel(const PassGrid& g, int column, int row, int i, int j, int& x,
                                       int& y) {
  const int bi = i - g.extension, bj = j - g.extension;
  if (bi < 0 || bj < 0 || bi >= g.windowSize || bj >= g.windowSize) return false;
  x = column * g.step + bi;
  y = row * g.step + bj;
  return true;
}

/// The pixel of the second frame at buffer position (i, j), or false when the buffer holds zero
/// (outside the grown window or outside the frame).
CUMED_HOST_DEVICE bool SecondFramePixel(const PassGrid& g, int column, int row, int i, int j,
                                        int width, int height, int& x, int& y) {
  const int span = g.windowSize + 2 * g.extension;
  if (i >= span || j >= span) return false;
  x = column * g.step - g.extension + i;
  y = row * g.step - g.extension + j;
  return x >= 0 && y >= 0 && x < width && y < height;
}

/// Index of the pixel that decides whether window (column, row) is masked: its centre pixel.
CUMED_HOST_DEVICE int MaskPixelIndex(const PassGrid& g, int column, int row, int width) {
  return (row * g.step + g.windowSize / 2) * width + column * g.step + g.windowSize / 2;
}

} // namespace cumed::piv::detail
