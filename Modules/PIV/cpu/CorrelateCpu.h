#pragma once
// One correlation pass on the CPU: windows -> batched FFTW transforms -> conjugate product ->
// inverse -> peak, sub-pixel fit and signal-to-noise per window, OpenMP over batches of windows.
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"
#include "src/PassGrid.h"
#include "src/Sampling.h"

#include <cstdint>

namespace cumed::piv::detail {

struct FramePair {
  const float* first = nullptr;
  const float* second = nullptr;
  int width = 0, height = 0;
};

/// Fills `field` (already sized to the grid) with the vectors of grid `g`: positions, the
/// displacement (plus the predictor at the window centre when given), peaks, ratios and the
/// Masked / InvalidPeak flags. `mask` may be null.
void CorrelatePassCpu(const FramePair& frames, const std::uint8_t* mask, const PassGrid& g,
                      const GridView* predictor, const PivOptions& options, PivField& field);

} // namespace cumed::piv::detail
