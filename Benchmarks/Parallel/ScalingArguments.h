#pragma once
// cumed-mpi-scaling-benchmark's command line (every rank parses the same one).
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"

#include <array>
#include <cstdint>
#include <string>

namespace cumed::scaling {

inline constexpr char kScalingProgram[] = "cumed-mpi-scaling-benchmark";

struct ScalingArguments {
  bool help = false;
  std::string ct;                                  ///< DICOM series directory; empty: the phantom
  std::array<std::int64_t, 3> size{512, 512, 256}; ///< the tiled volume, voxels
  double iso = 300;                                ///< HU
  int radius = 2;                                  ///< closing ball radius, voxels
  int repeats = 3;
  Backend backend = Backend::CPU;
  double baselineSeconds = -1; ///< the 1-rank total (for speedup and efficiency); < 0: none
  double networkGbps = 100;    ///< assumed link bandwidth for the 64-node model
  double networkLatencyUs = 2; ///< assumed per-message latency for the 64-node model
  int modelNodes = 64;
  app::ToolOptions tool; ///< --version, --threads (every rank), --quiet, --verbose
};

/// Parses `argv` by the benchmark's option table (ScalingArguments.cxx; cumed/app/CommandLine.h).
/// Throws app::UsageError naming the option and the value.
ScalingArguments ParseScalingArguments(int argc, const char* const* argv);

std::string ScalingHelpText();

} // namespace cumed::scaling
