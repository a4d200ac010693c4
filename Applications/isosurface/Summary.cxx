#include "Summary.h"

#include "cumed/app/Json.h"
#include "cumed/app/TransferJson.h"

#include <cstdio>
#include <sstream>

namespace cumed::isosurfaceapp {
namespace {

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string Quoted(const std::string& path) {
  return "\"" + (path.empty() ? std::string("none") : path) + "\"";
}

} // namespace

std::string FormatSummary(const RunSummary& s) {
  std::ostringstream line;
  line << "cumed-isosurface: size=" << s.size[0] << "x" << s.size[1] << "x" << s.size[2]
       << " spacing_mm=" << Number(s.spacing[0]) << "x" << Number(s.spacing[1]) << "x"
       << Number(s.spacing[2]) << " pixel=" << s.pixelType;
  if (!s.conversion.empty()) line << " (" << s.conversion << ")";
  if (!s.adjustments.empty()) line << " adjustments=\"" << s.adjustments << "\"";
  line << " " << s.valueKind << "=";
  for (std::size_t v = 0; v < s.values.size(); ++v) line << (v ? "," : "") << Number(s.values[v]);
  line << " normals=" << (s.normals ? "on" : "off") << " backend=" << s.backend << " (requested "
       << s.requestedBackend << ")";
  if (s.backend == "cuda") line << " gpus=" << s.gpus << " slabs=" << s.slabs;
  char times[160];
  std::snprintf(times, sizeof times,
                "time_s: read=%.2f contour=%.2f write=%.2f render=%.2f total=%.2f", s.seconds.read,
                s.seconds.contour, s.seconds.write, s.seconds.render, s.seconds.total);
  line << " points=" << s.points << " triangles=" << s.triangles;
  if (s.nonFiniteVoxels != 0)
    line << " non_finite_voxels=" << s.nonFiniteVoxels
         << " non_finite_points=" << s.nonFinitePoints;
  line << " " << times << " output=" << Quoted(s.output) << " png=" << Quoted(s.png)
       << " render=" << Quoted(s.renderPath) << " copies_up=" << s.transfers.hostToDeviceCopies
       << " bytes_up=" << s.transfers.hostToDeviceBytes
       << " copies_down=" << s.transfers.deviceToHostCopies
       << " bytes_down=" << s.transfers.deviceToHostBytes << app::PictureText(s.picture);
  return line.str();
}

std::string FormatSummaryJson(const RunSummary& s) {
  using app::JsonObject;
  using app::TransfersJson;
  JsonObject times;
  times.Add("read", s.seconds.read)
      .Add("contour", s.seconds.contour)
      .Add("write", s.seconds.write)
      .Add("render", s.seconds.render)
      .Add("total", s.seconds.total);
  JsonObject json;
  json.Add("program", "cumed-isosurface")
      .Add("size", std::vector<std::int64_t>(s.size.begin(), s.size.end()))
      .Add("spacing_mm", std::vector<double>(s.spacing.begin(), s.spacing.end()))
      .Add("pixel", s.pixelType)
      .AddPathOrNull("conversion", s.conversion)
      .AddPathOrNull("adjustments", s.adjustments)
      .Add(s.valueKind, s.values)
      .Add("normals", s.normals)
      .Add("backend", s.backend)
      .Add("requested_backend", s.requestedBackend);
  if (s.backend == "cuda") json.Add("gpus", s.gpus).Add("slabs", s.slabs);
  json.Add("points", s.points)
      .Add("triangles", s.triangles)
      .Add("non_finite_voxels", s.nonFiniteVoxels)
      .Add("non_finite_points", s.nonFinitePoints)
      .Add("time_s", times)
      .AddPathOrNull("output", s.output)
      .AddPathOrNull("png", s.png)
      .AddPathOrNull("render", s.renderPath)
      .Add("transfers", TransfersJson(s.transfers));
  app::AddPictureJson(json, s.picture);
  return json.Text();
}

} // namespace cumed::isosurfaceapp
