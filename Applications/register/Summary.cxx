#include "Summary.h"

#include "cumed/app/Json.h"

#include <cstdio>
#include <sstream>

namespace cumed::registerapp {
namespace {

/// The check's warnings as one string, "; " between them ("" when none).
std::string JoinedWarnings(const registration::RegistrationQuality& quality) {
  std::string text;
  for (const std::string& warning : quality.warnings) text += (text.empty() ? "" : "; ") + warning;
  return text;
}

} // namespace

std::string FormatSummary(const RunSummary& s) {
  std::ostringstream out;
  std::string size, iterations;
  for (std::size_t n : s.size) size += (size.empty() ? "" : "x") + std::to_string(n);
  for (int n : s.iterations) iterations += (iterations.empty() ? "" : " ") + std::to_string(n);
  char line[256];
  out << "cumed-register: " << s.dimension << "D " << size << ", metric " << s.metric
      << (s.sampling == "full" ? "" : " (sampling " + s.sampling + ")") << ", " << s.levels
      << " levels, grid " << s.gridSpacing << " mm"
      << (s.initialTransform ? ", initial affine" : "") << (s.affineStage ? ", affine stage" : "")
      << (s.mask ? ", fixed mask" : "") << (s.movingMask ? ", moving mask" : "") << "\n";
  std::snprintf(line, sizeof line,
                "  similarity (%s, as minimised: lower is better): before %.6g, after %.6g\n",
                s.metric.c_str(), s.similarityBefore, s.similarityAfter);
  out << line;
  std::snprintf(line, sizeof line,
                "  jacobian: min %.4f, max %.4f, mean %.4f; folded %zu of %zu voxels (%.3f%%)\n",
                s.jacobian.minimum, s.jacobian.maximum, s.jacobian.mean, s.jacobian.foldedVoxels,
                s.jacobian.voxels, s.jacobian.foldedPercent);
  out << line;
  const registration::RegistrationQuality& q = s.quality;
  if (q.correlationChecked)
    std::snprintf(line, sizeof line,
                  "  check: correlation (global NCC, higher is better) before %.4f, after %.4f; "
                  "%s\n",
                  q.nccBefore, q.nccAfter, q.ok() ? "ok" : "PROBLEMS, see below");
  else
    std::snprintf(line, sizeof line,
                  "  check: correlation not measured (no overlap or a flat "
                  "image); %s\n",
                  q.ok() ? "ok" : "PROBLEMS, see below");
  out << line;
  for (const std::string& warning : q.warnings) out << "  WARNING: " << warning << "\n";
  if (s.affineStage) {
    std::string affineIterations;
    for (int n : s.affineIterations)
      affineIterations += (affineIterations.empty() ? "" : " ") + std::to_string(n);
    out << "  affine stage iterations per level: " << affineIterations << "\n";
  }
  out << "  iterations per level: " << iterations << "\n";
  std::snprintf(
      line, sizeof line, "  backend %s (requested %s), registration %.2f s, total %.2f s\n",
      s.backend.c_str(), s.requestedBackend.c_str(), s.registrationSeconds, s.totalSeconds);
  out << line;
  out << "  outputs in '" << s.outputDirectory << "':";
  for (const std::string& file : s.files) out << " " << file;
  return out.str();
}

std::string FormatSummaryJson(const RunSummary& s) {
  app::JsonObject jacobian;
  jacobian.Add("min", s.jacobian.minimum)
      .Add("max", s.jacobian.maximum)
      .Add("mean", s.jacobian.mean)
      .Add("voxels", std::uint64_t(s.jacobian.voxels))
      .Add("folded_voxels", std::uint64_t(s.jacobian.foldedVoxels))
      .Add("folded_percent", s.jacobian.foldedPercent);
  std::vector<std::int64_t> size(s.size.begin(), s.size.end());
  std::vector<std::int64_t> iterations(s.iterations.begin(), s.iterations.end());
  std::vector<std::int64_t> affineIterations(s.affineIterations.begin(), s.affineIterations.end());
  app::JsonObject similarity;
  similarity.Add("metric", s.metric)
      .Add("sampling", s.sampling)
      .Add("before", s.similarityBefore)
      .Add("after", s.similarityAfter);
  app::JsonObject quality; // the end-of-run check (cumed/registration/Quality.h)
  quality.Add("ok", s.quality.ok())
      .Add("folded", s.quality.folded)
      .Add("folded_percent", s.quality.foldedPercent)
      .Add("worse_than_start", s.quality.worseThanStart)
      .Add("correlation_checked", s.quality.correlationChecked)
      .Add("ncc_before", s.quality.nccBefore)
      .Add("ncc_after", s.quality.nccAfter)
      .Add("voxels_compared", std::uint64_t(s.quality.voxelsCompared))
      .Add("warnings", JoinedWarnings(s.quality));
  app::JsonObject seconds;
  seconds.Add("registration", s.registrationSeconds).Add("total", s.totalSeconds);
  app::JsonObject json;
  json.Add("program", "cumed-register")
      .Add("fixed", s.fixed)
      .Add("moving", s.moving)
      .Add("output_dir", s.outputDirectory)
      .Add("dimension", int(s.dimension))
      .Add("size", size)
      .Add("levels", s.levels)
      .Add("grid_spacing_mm", s.gridSpacing)
      .Add("initial_transform", s.initialTransform)
      .Add("affine_stage", s.affineStage)
      .Add("affine", s.affine)
      .Add("affine_iterations_per_level", affineIterations)
      .Add("mask", s.mask)
      .Add("moving_mask", s.movingMask)
      .Add("similarity", similarity)
      .Add("jacobian", jacobian)
      .Add("quality", quality)
      .Add("iterations_per_level", iterations)
      .Add("requested_backend", s.requestedBackend)
      .Add("backend", s.backend)
      .Add("seconds", seconds)
      .Add("field_convention", "ITK: fixed point x -> moving point x + field(x), mm");
  return json.Text();
}

} // namespace cumed::registerapp
