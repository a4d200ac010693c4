#pragma once
// One correlation pass on the CPU: windows -> batched FFTW transforms -> conjugate product ->
// inverse -> peak, sub-pixel fit and signal-to-noise per window, OpenMP over batches of windows.
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"
#include "src/PassGrid.h"
#include "src/Sampling.h"

#include <cstdint>
#include <vector>

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

/// Ensemble correlation (steady flows, sparse seeding): the correlation planes of every pair
/// added window by window, the peak searched in their mean. Holds one plane per window
/// (windows x fftSize^2 floats).
class EnsembleCorrelationCpu {
public:
  EnsembleCorrelationCpu(const PassGrid& grid, const PivOptions& options);
  /// Correlates every window of one pair (deformed already in later passes) into the sum.
  void add(const FramePair& frames);
  /// The vectors of the mean planes, as CorrelatePassCpu stores them; call once.
  void evaluate(int frameWidth, const std::uint8_t* mask, const GridView* predictor,
                PivField& field);

private:
  PassGrid grid_;
  const PivOptions& options_;
  std::vector<float> planes_;
  int pairs_ = 0;
};

} // namespace cumed::piv::detail
