#pragma once
// The command line of cumed-register-benchmark: inputs, which tools run, and CuMed's fixed
// registration settings for the known warps.
#include "cumed/registration/Registration.h"

#include <string>
#include <vector>

namespace cumed::regbench {

struct Settings {
  std::string series;           ///< --series: the CT series of the known warps
  std::string registrationData; ///< --registration-data: the lung pair and its landmarks
  std::string referenceDir;     ///< --reference-dir: elastix / plastimatch parameter files
  std::string workDir;          ///< --work-dir: where cases and reference outputs go (kept)
  std::string elastix = "elastix", transformix, plastimatch = "plastimatch";
  bool references = true;
  bool elastixRuns = true, plastimatchRuns = true; ///< --no-elastix, --no-plastimatch
  double referenceTimeout = 3600.0;                ///< seconds per reference process
  bool cpuLarge = true;                            ///< CuMed CPU on the full-resolution case
  bool cuda = true, cpu = true;
  bool quick = false;
  bool check = false; ///< --check: exit 3 unless every CuMed run completed and beat the identity
  /// --cases: which of "bspline-2mm", "rbf-2mm", "bspline-full", "lung" run (default all; the
  /// lung pair needs --registration-data).
  std::vector<std::string> cases{"bspline-2mm", "rbf-2mm", "bspline-full", "lung"};
  bool runs(const std::string& key) const;
  int threads = 0; ///< the references' threads; 0 = all cores
  // CuMed on the known warps.
  registration::SimilarityMetric metric = registration::SimilarityMetric::LocalNCC;
  double localNccSigma = 3.0;
  double gridSpacing = 10.0;
  double bending = 10.0;
  int iterations = 50;
  int levels = 3;
  /// --sampling: the metric's voxels on the known warps (CPU only: needs --no-cuda).
  registration::VoxelSampling sampling;
};

/// The --help text (the defaults above, the cases, the exit codes).
const char* Usage();

/// Parses argv; throws InvalidArgument naming the option and the value. `help` is set for -h.
Settings ParseSettings(int argc, char** argv, bool& help);

/// CuMed's options for the known warps ("LocalNCC sigma 3 mm, grid 10 mm, ...") and the lung
/// pair, as the table header states them.
registration::RegistrationOptions KnownWarpOptions(const Settings& settings);
registration::RegistrationOptions LungOptions(const Settings& settings);
/// The options in one line.
std::string Describe(const registration::RegistrationOptions& options);

} // namespace cumed::regbench
