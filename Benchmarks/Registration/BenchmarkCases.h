#pragma once
// The benchmark's cases as files in the work directory: known warps of the CT series (built with
// the cumed_registration_testdata library) and the lung pair with its landmarks.
#include "BenchmarkSettings.h"

#include <string>
#include <vector>

namespace cumed::regbench {

struct BenchmarkCase {
  std::string name;      ///< as the table shows it
  std::string directory; ///< work files of this case (outputs of the references go below it)
  std::string fixed, moving;
  // Known warps: the true field and the body mask.
  std::string trueField, bodyMask;
  // Lung pair: elastix point files (`point`, mm).
  std::string fixedPoints, movingPoints;
  bool fullResolution = false;
  bool knownWarp() const { return !trueField.empty(); }
};

/// The cases `settings` asks for, their files under `workDir`: the known warps are built in a
/// child process (reading the series once); the lung pair's files are checked to exist. Throws
/// Error naming the file or the failure.
std::vector<BenchmarkCase> BuildCases(const Settings& settings, const std::string& workDir);

} // namespace cumed::regbench
