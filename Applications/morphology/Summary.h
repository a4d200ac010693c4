#pragma once
// What a run did, as one line on stdout.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace cumed::morphologyapp {

struct StageTimes {
  double read = 0.0;
  double compute = 0.0;
  double write = 0.0;
  double total = 0.0;
};

struct RunSummary {
  std::string operation;
  std::string element;
  std::array<int, 3> radiusVoxels{0, 0, 0};
  std::optional<double> radiusMm; ///< when given as --radius-mm
  std::vector<std::size_t> size;  ///< 2 or 3 values
  std::vector<double> spacing;    ///< as many values as size
  std::string pixelType;
  std::string requestedBackend;
  std::string backend; ///< the backend that ran
  std::string output;
  std::string outputSeriesUid; ///< DICOM output only
  std::string outputSegUid;    ///< --seg only: the SEG's SOP Instance UID
  /// DICOM input: what the read adjusted (io::DescribeReadAdjustments); empty otherwise.
  std::string inputAdjustments;
  StageTimes seconds;
};

/// "cumed-morphology: operation=close element=ball radius_vox=1x1x1 (radius_mm=2) size=...".
std::string FormatSummary(const RunSummary& summary);

/// The same fields as one JSON object (--json): numbers as numbers, radius/size/spacing as
/// arrays, the stage times as an object "time_s".
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::morphologyapp
