#include "Summary.h"

#include "cumed/app/Json.h"

#include <cstdio>
#include <sstream>

namespace cumed::morphologyapp {

std::string FormatSummary(const RunSummary& s) {
  std::ostringstream line;
  line << "cumed-morphology: operation=" << s.operation << " element=" << s.element
       << " radius_vox=" << s.radiusVoxels[0] << "x" << s.radiusVoxels[1] << "x"
       << s.radiusVoxels[2];
  if (s.radiusMm) line << " (radius_mm=" << *s.radiusMm << ")";
  line << " size=";
  for (std::size_t i = 0; i < s.size.size(); ++i) line << (i ? "x" : "") << s.size[i];
  char times[128];
  std::snprintf(times, sizeof times, "time_s: read=%.2f compute=%.2f write=%.2f total=%.2f",
                s.seconds.read, s.seconds.compute, s.seconds.write, s.seconds.total);
  line << " spacing_mm=";
  for (std::size_t i = 0; i < s.spacing.size(); ++i) {
    char value[32];
    std::snprintf(value, sizeof value, "%s%.4g", i ? "x" : "", s.spacing[i]);
    line << value;
  }
  line << " pixel=" << s.pixelType << " backend=" << s.backend << " (requested "
       << s.requestedBackend << ") " << times << " output=\"" << s.output << "\"";
  if (!s.outputSeriesUid.empty()) line << " series_uid=" << s.outputSeriesUid;
  if (!s.outputSegUid.empty()) line << " seg_sop_instance_uid=" << s.outputSegUid;
  if (!s.inputAdjustments.empty()) line << " adjustments=\"" << s.inputAdjustments << "\"";
  return line.str();
}

std::string FormatSummaryJson(const RunSummary& s) {
  using app::JsonObject;
  JsonObject times;
  times.Add("read", s.seconds.read)
      .Add("compute", s.seconds.compute)
      .Add("write", s.seconds.write)
      .Add("total", s.seconds.total);
  JsonObject json;
  json.Add("program", "cumed-morphology")
      .Add("operation", s.operation)
      .Add("element", s.element)
      .Add("radius_vox", std::vector<std::int64_t>(s.radiusVoxels.begin(), s.radiusVoxels.end()));
  if (s.radiusMm) json.Add("radius_mm", *s.radiusMm);
  json.Add("size", std::vector<std::int64_t>(s.size.begin(), s.size.end()))
      .Add("spacing_mm", s.spacing)
      .Add("pixel", s.pixelType)
      .Add("backend", s.backend)
      .Add("requested_backend", s.requestedBackend)
      .Add("time_s", times)
      .Add("output", s.output);
  if (!s.outputSeriesUid.empty()) json.Add("series_uid", s.outputSeriesUid);
  if (!s.outputSegUid.empty()) json.Add("seg_sop_instance_uid", s.outputSegUid);
  json.AddPathOrNull("adjustments", s.inputAdjustments);
  return json.Text();
}

} // namespace cumed::morphologyapp
