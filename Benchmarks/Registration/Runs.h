#pragma once
// One row of the benchmark: a tool registering one case, scored, timed and its peak memory taken.
#include "BenchmarkCases.h"
#include "BenchmarkSettings.h"
#include "ChildProcess.h"

#include "cumed/core/Backend.h"

#include <string>

namespace cumed::regbench {

struct Row {
  std::string caseName, tool;
  bool ran = false;      ///< false: skipped or failed, `note` says why
  double seconds = -1.0; ///< see Usage(): the Register() call or the process wall time
  double score = -1.0;   ///< field error RMS or mean TRE, mm
  double scoreBefore = -1.0;
  double peakHostMb = -1.0;
  double peakDeviceMb = -1.0;
  std::string note;
};

/// The field error RMS over the body mask (known warps) or the mean TRE (lung pair) of a host
/// Float32 x3 field on the fixed grid, and the same for the identity, into `report`.
void ScoreField(const BenchmarkCase& benchmarkCase, const Image& field, ChildReport& report);

/// Whether CUDA can run here, asked in a child process (the parent stays without a CUDA context
/// so that its later children can create their own); `description` says which device or why not.
bool CudaUsable(std::string& description);

/// CuMed's Register() on `backend` in a child process.
Row RunCumed(const BenchmarkCase& benchmarkCase, const registration::RegistrationOptions& options,
             Backend backend);

/// elastix (then transformix for the dense field) or plastimatch with the case's parameter
/// files from --reference-dir; the field is scored in a child process.
Row RunElastix(const BenchmarkCase& benchmarkCase, const Settings& settings,
               const std::string& elastix, const std::string& transformix);
Row RunPlastimatch(const BenchmarkCase& benchmarkCase, const Settings& settings,
                   const std::string& plastimatch);

} // namespace cumed::regbench
