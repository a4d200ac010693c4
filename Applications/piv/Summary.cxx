#include "Summary.h"

#include "cumed/app/Json.h"

#include <cstdio>
#include <sstream>

namespace cumed::pivapp {

namespace {
double PairsPerSecond(const RunSummary& s) {
  return s.computeSeconds > 0 ? double(s.pairs) / s.computeSeconds : 0.0;
}
double Percent(std::uint64_t part, std::uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}
} // namespace

std::string FormatSummary(const RunSummary& s) {
  char text[512];
  std::snprintf(text, sizeof text,
                "cumed-piv: pairs=%llu fields=%llu%s grid=%dx%d vectors=%llu replaced=%llu "
                "(%.2f%%) invalid=%llu masked=%llu backend=%s (requested %s) time_s: read=%.2f "
                "compute=%.3f write=%.2f total=%.2f pairs_per_s=%.1f",
                (unsigned long long)s.pairs, (unsigned long long)s.fields,
                s.ensemble ? " (ensemble)" : "", s.columns, s.rows, (unsigned long long)s.vectors,
                (unsigned long long)s.replaced, Percent(s.replaced, s.vectors),
                (unsigned long long)s.invalid, (unsigned long long)s.masked, s.backend.c_str(),
                s.requestedBackend.c_str(), s.readSeconds, s.computeSeconds, s.writeSeconds,
                s.totalSeconds, PairsPerSecond(s));
  std::ostringstream line;
  line << text << " output=\"" << s.output << "\"";
  if (!s.pathlines.empty()) line << " pathlines=\"" << s.pathlines << "\"";
  if (!s.renderMesh.empty()) {
    line << " png_arrows=" << s.pngArrows;
    if (!s.pngPathlines.empty())
      line << " png_pathlines=" << s.pngPathlines << " pathline_png=\"" << s.pathlinePng << "\"";
    line << " render_mesh=" << s.renderMesh << " render_host_copies=" << s.renderHostCopies;
    if (!s.renderFallback.empty()) line << " render_fallback=\"" << s.renderFallback << "\"";
  }
  return line.str();
}

std::string FormatSummaryJson(const RunSummary& s) {
  app::JsonObject times;
  times.Add("read", s.readSeconds)
      .Add("compute", s.computeSeconds)
      .Add("write", s.writeSeconds)
      .Add("total", s.totalSeconds);
  app::JsonObject json;
  json.Add("program", "cumed-piv")
      .Add("frames", s.frames)
      .Add("pairs", s.pairs)
      .Add("fields", s.fields)
      .Add("ensemble", s.ensemble)
      .Add("grid", std::vector<std::int64_t>{s.columns, s.rows})
      .Add("vectors", s.vectors)
      .Add("replaced", s.replaced)
      .Add("invalid", s.invalid)
      .Add("masked", s.masked)
      .Add("backend", s.backend)
      .Add("requested_backend", s.requestedBackend)
      .Add("time_s", times)
      .Add("pairs_per_s", PairsPerSecond(s))
      .Add("output", s.output)
      .AddPathOrNull("pathlines", s.pathlines);
  if (!s.renderMesh.empty()) {
    app::JsonObject png;
    png.Add("arrows", s.pngArrows);
    if (!s.pngPathlines.empty())
      png.Add("pathlines", s.pngPathlines).Add("pathline_png", s.pathlinePng);
    png.Add("render_mesh", s.renderMesh)
        .Add("render_host_copies", std::int64_t(s.renderHostCopies))
        .Add("render_fallback", s.renderFallback);
    json.Add("png", png);
  }
  return json.Text();
}

} // namespace cumed::pivapp
