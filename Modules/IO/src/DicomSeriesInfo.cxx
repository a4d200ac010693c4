#include "cumed/io/DicomSeriesInfo.h"

#include "NumberText.h"

#include <cmath>

namespace cumed::io {

std::string DescribeReadAdjustments(const DicomSeriesInfo& info) {
  using detail::FormatNumber;
  std::string notes;
  const auto note = [&](const std::string& text) { notes += (notes.empty() ? "" : "; ") + text; };
  if (info.tiltResampled)
    note("gantry tilt " + FormatNumber(std::round(info.tiltDegrees * 100) / 100) +
         " degrees resampled onto an axial grid");
  if (info.roundedValues > 0)
    note("non-integer rescale: " + std::to_string(info.roundedValues) +
         " voxels rounded to whole HU (at most " +
         FormatNumber(std::round(info.maxRoundingHu * 1000) / 1000) + " HU)");
  if (info.multiFrame) note("enhanced multi-frame file");
  return notes;
}

} // namespace cumed::io
