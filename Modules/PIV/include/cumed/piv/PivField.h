#pragma once
// The result of a PIV evaluation: one vector per interrogation window, on the grid of window
// centres of the last pass. Image coordinates in px: x to the right, y down (row index); u, v
// is the displacement from the first frame to the second along x and y.
#include "cumed/core/Backend.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cumed::piv {

/// Bits of PivField::flags.
enum VectorFlag : std::uint8_t {
  Masked = 1,        ///< the window centre is masked: no vector (u = v = 0)
  InvalidPeak = 2,   ///< no positive correlation peak, or its fit failed
  MedianOutlier = 4, ///< failed the normalised median test
  LowPeakToPeak = 8, ///< peak-to-peak ratio below ValidationOptions::minPeakToPeak
  OutOfRange = 16,   ///< outside the global displacement limits
  Replaced = 32,     ///< u, v replaced from the neighbours
  /// The correlation peak lies beyond the quarter-window limit (PivOptions): no vector of this
  /// window's own (u, v = 0, or the predictor in a deformation pass)
  BeyondQuarterWindow = 64
};
/// Flags that make a vector an outlier (replaced when a replacement is chosen).
constexpr std::uint8_t kOutlierFlags =
    InvalidPeak | MedianOutlier | LowPeakToPeak | OutOfRange | BeyondQuarterWindow;

struct PivField {
  int columns = 0;    ///< windows along x
  int rows = 0;       ///< windows along y
  int windowSize = 0; ///< of the last pass, px
  int step = 0;       ///< between window centres, px
  /// Per vector, row-major (index = row * columns + column).
  std::vector<float> x, y;       ///< window centre, px (pixel-centre coordinates, 0 = first pixel)
  std::vector<float> u, v;       ///< displacement, px
  std::vector<float> peak;       ///< correlation value at the integer peak
  std::vector<float> secondPeak; ///< highest value outside the peak's 5x5 neighbourhood
  std::vector<float> peakToPeak; ///< peak / second peak (<= 1e6)
  std::vector<float> peakToMean; ///< peak / mean of the positive correlation values (<= 1e6)
  std::vector<std::uint8_t> flags; ///< VectorFlag bits
  Backend backendUsed = Backend::CPU;
  int passes = 0;

  std::size_t size() const noexcept { return u.size(); }
  /// Vectors with any of `mask`'s bits set.
  std::size_t count(std::uint8_t mask) const noexcept;
  /// Resizes every per-vector array to columns * rows (values zero).
  void resize(int columnCount, int rowCount);
};

} // namespace cumed::piv
