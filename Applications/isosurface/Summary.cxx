#include "Summary.h"

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
  line << " " << s.valueKind << "=";
  for (std::size_t v = 0; v < s.values.size(); ++v) line << (v ? "," : "") << Number(s.values[v]);
  line << " normals=" << (s.normals ? "on" : "off") << " backend=" << s.backend << " (requested "
       << s.requestedBackend << ")";
  if (s.backend == "cuda") line << " gpus=" << s.gpus << " slabs=" << s.slabs;
  char times[160];
  std::snprintf(times, sizeof times,
                "time_s: read=%.2f contour=%.2f write=%.2f render=%.2f total=%.2f", s.seconds.read,
                s.seconds.contour, s.seconds.write, s.seconds.render, s.seconds.total);
  line << " points=" << s.points << " triangles=" << s.triangles << " " << times
       << " output=" << Quoted(s.output) << " png=" << Quoted(s.png)
       << " render=" << Quoted(s.renderPath);
  return line.str();
}

} // namespace cumed::isosurfaceapp
