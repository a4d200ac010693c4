#pragma once
// cumed-piv-benchmark's ensemble table: ensemble correlation of N recordings of one flow on the
// CPU and on CUDA (8-bit host frames streamed through the device, float frames on the device).
#include "ParticleImages.h"

namespace cumed::piv::benchmark {

struct EnsembleBenchmarkSettings {
  int pairs = 8;   ///< recordings in the ensemble
  int repeat = 7;  ///< timed calls (the median is shown) after one warm-up
  int threads = 0; ///< CPU threads (0: every core)
  bool cuda = true;
};

/// Renders `s.pairs` recordings of `truth` with `particles` (each its own seed), times
/// ComputeEnsemblePiv (32 px, 50 %) and prints a Markdown table: milliseconds per pair of the
/// ensemble, pairs/s, the CPU / CUDA ratio, the largest CPU-CUDA difference, the rms error.
void PrintEnsembleTable(const EnsembleBenchmarkSettings& s,
                        cumed::testing::ParticleImageSettings particles,
                        const cumed::testing::DisplacementField& truth);

} // namespace cumed::piv::benchmark
