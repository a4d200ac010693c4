#pragma once
// What a run did: the QA summary printed on stdout (text, or JSON with --json) and written as
// summary.json.
#include "cumed/registration/Jacobian.h"
#include "cumed/registration/Quality.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cumed::registerapp {

struct RunSummary {
  std::string fixed, moving, outputDirectory;
  unsigned dimension = 3;
  std::vector<std::size_t> size; ///< FIXED's, 2 or 3 values
  std::string metric;
  std::string sampling = "full"; ///< the metric's voxels (cumed/registration/Sampling.h)
  int levels = 0;
  double gridSpacing = 0.0;
  bool initialTransform = false;
  bool affineStage = false;
  std::vector<double> affine;        ///< the affine A ran with: matrix (row-major) then offset, mm
  std::vector<int> affineIterations; ///< per affine-stage level (empty without --affine)
  bool mask = false;
  bool movingMask = false;
  double similarityBefore = 0.0;
  double similarityAfter = 0.0;
  registration::JacobianStatistics jacobian;
  registration::RegistrationQuality quality; ///< folding and worse-than-start check
  std::vector<int> iterations;               ///< per level, coarsest first
  std::string requestedBackend;
  std::string backend; ///< the backend that ran
  double registrationSeconds = 0.0;
  double totalSeconds = 0.0;
  std::vector<std::string> files; ///< the outputs written, in DIR
};

/// Several "key: value" lines, the QA summary for a reader.
std::string FormatSummary(const RunSummary& summary);

/// The same fields as one JSON object (summary.json and --json).
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::registerapp
