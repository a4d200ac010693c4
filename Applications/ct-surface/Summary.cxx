#include "Summary.h"

#include "cumed/app/Json.h"
#include "cumed/app/TransferJson.h"

#include <cstdio>
#include <sstream>

namespace cumed::ctsurface {

std::string FormatSummary(const RunSummary& s) {
  const auto voxels = static_cast<std::uint64_t>(s.size[0]) * s.size[1] * s.size[2];
  char spacing[96];
  std::snprintf(spacing, sizeof spacing, "%.4gx%.4gx%.4g", s.spacing[0], s.spacing[1],
                s.spacing[2]);
  char times[200];
  std::snprintf(times, sizeof times,
                "time_s: read=%.2f closing=%.2f contour=%.2f write=%.2f render=%.2f total=%.2f "
                "render_wait=%.2f",
                s.seconds.read, s.seconds.closing, s.seconds.contour, s.seconds.write,
                s.seconds.render, s.seconds.total, s.seconds.renderWait);
  char volume[64];
  std::snprintf(volume, sizeof volume, "%.1f", s.enclosedVolumeMm3);

  std::ostringstream line;
  line << "cumed-ct-surface: slices=" << s.size[2] << " voxels=" << voxels << " size=" << s.size[0]
       << "x" << s.size[1] << "x" << s.size[2] << " spacing_mm=" << spacing
       << " backend=" << s.resolvedBackend << " (requested " << s.requestedBackend << ")"
       << " closing=" << s.closingImplementation << " radius_vox=" << s.closingRadiusVoxels[0]
       << "x" << s.closingRadiusVoxels[1] << "x" << s.closingRadiusVoxels[2]
       << " contour=" << s.contourImplementation << " iso=" << s.isoHu
       << " voxels_ge_iso=" << s.voxelsAtOrAboveIso << " triangles=" << s.triangles
       << " points=" << s.points << " volume_mm3=" << volume
       << " copies_up=" << s.transfers.hostToDeviceCopies
       << " bytes_up=" << s.transfers.hostToDeviceBytes
       << " copies_down=" << s.transfers.deviceToHostCopies
       << " bytes_down=" << s.transfers.deviceToHostBytes << " " << times << " render=\""
       << s.renderPath << "\"" << app::PictureText(s.picture);
  if (s.warmupDeviceMs >= 0) {
    char device[48];
    std::snprintf(device, sizeof device, " warmup_device_ms=%.1f", s.warmupDeviceMs);
    line << device;
  }
  if (!s.segFile.empty()) line << " seg_sop_instance_uid=" << s.segSopInstanceUid;
  const std::string adjustments = cumed::io::DescribeReadAdjustments(s.series);
  if (!adjustments.empty()) line << " adjustments=\"" << adjustments << "\"";
  return line.str();
}

std::string FormatSummaryJson(const RunSummary& s) {
  using app::JsonObject;
  using app::TransfersJson;
  const auto voxels = static_cast<std::uint64_t>(s.size[0]) * s.size[1] * s.size[2];
  JsonObject times;
  times.Add("read", s.seconds.read)
      .Add("closing", s.seconds.closing)
      .Add("contour", s.seconds.contour)
      .Add("write", s.seconds.write)
      .Add("render", s.seconds.render)
      .Add("total", s.seconds.total)
      .Add("render_wait", s.seconds.renderWait);
  JsonObject files;
  files.Add("vtp", s.files[0]).Add("stl", s.files[1]).AddPathOrNull("png", s.files[2]);
  files.AddPathOrNull("seg", s.segFile);
  JsonObject json;
  json.Add("program", "cumed-ct-surface")
      .Add("slices", s.size[2])
      .Add("voxels", voxels)
      .Add("size", std::vector<std::int64_t>{s.size[0], s.size[1], s.size[2]})
      .Add("spacing_mm", std::vector<double>{s.spacing[0], s.spacing[1], s.spacing[2]})
      .Add("backend", s.resolvedBackend)
      .Add("requested_backend", s.requestedBackend)
      .Add("closing", s.closingImplementation)
      .Add("radius_vox",
           std::vector<std::int64_t>{s.closingRadiusVoxels[0], s.closingRadiusVoxels[1],
                                     s.closingRadiusVoxels[2]})
      .Add("contour", s.contourImplementation)
      .Add("iso", s.isoHu)
      .Add("voxels_ge_iso", s.voxelsAtOrAboveIso)
      .Add("triangles", s.triangles)
      .Add("points", s.points)
      .Add("volume_mm3", s.enclosedVolumeMm3)
      .Add("transfers", TransfersJson(s.transfers))
      .Add("time_s", times)
      .AddPathOrNull("render", s.renderPath == "none" ? std::string() : s.renderPath);
  app::AddPictureJson(json, s.picture);
  if (s.warmupDeviceMs >= 0) {
    json.Add("warmup_device_ms", s.warmupDeviceMs);
  } else {
    json.AddNull("warmup_device_ms");
  }
  json.Add("series_uid", s.series.seriesUid);
  if (s.series.seriesNumber >= 0)
    json.Add("series_number", s.series.seriesNumber);
  else
    json.AddNull("series_number");
  json.Add("series_description", s.series.seriesDescription)
      .Add("convolution_kernel", s.series.convolutionKernel)
      .Add("selection", s.series.selection)
      .Add("tilt_degrees", s.series.tiltDegrees)
      .Add("tilt_resampled", s.series.tiltResampled)
      .Add("multi_frame", s.series.multiFrame)
      .Add("rescale_rounded_voxels", s.series.roundedValues)
      .AddPathOrNull("adjustments", cumed::io::DescribeReadAdjustments(s.series))
      .Add("files", files);
  if (!s.segFile.empty()) json.Add("seg_sop_instance_uid", s.segSopInstanceUid);
  return json.Text();
}

} // namespace cumed::ctsurface
