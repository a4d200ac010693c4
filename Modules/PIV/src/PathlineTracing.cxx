#include "cumed/piv/PathlineTracing.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "cumed/core/NumberRules.h"
#include "src/PathlineInput.h"
#include "src/PivEngine.h"

#include <cmath>
#include <string>

namespace cumed::piv {

void CheckPathlineTimes(double fieldInterval, double displacementTime) {
  // The ranges of PhysicalUnits::timeBetweenFrames: positions move by (u, v) x fieldInterval /
  // displacementTime per interval, at most 1e24 px here, inside float.
  numbers::RequireInRange("fieldInterval", fieldInterval, 1e-12, 1e12,
                          "time between successive fields");
  numbers::RequireInRange("displacementTime", displacementTime, 1e-12, 1e12,
                          "time the displacements were measured over");
}

namespace {

void CheckOptions(const PathlineTraceOptions& o) {
  CheckPathlineTimes(o.fieldInterval, o.displacementTime);
  if (o.stepsPerInterval < 1 || o.stepsPerInterval > 1000)
    throw InvalidArgument("pathlines: stepsPerInterval = " + std::to_string(o.stepsPerInterval) +
                          " is out of range: 1..1000");
}

template <class Real>
detail::Stepping<Real> SteppingOf(std::size_t fields, const PathlineTraceOptions& o) {
  const int intervals = fields > 1 ? int(fields) - 1 : 1;
  const double h = 1.0 / o.stepsPerInterval; // in field intervals
  return {intervals * o.stepsPerInterval, Real(h), Real(h * o.fieldInterval),
          o.scheme == PathlineScheme::RungeKutta4};
}

std::string FieldName(std::size_t k) {
  return "pathlines: field " + std::to_string(k);
}

/// The first field's grid: origin x[0], y[0]; spacing from the next column and row (1 where
/// there is none: a single column or row is never left along that axis anyway).
detail::FlowArrays FlowOf(const std::vector<PivField>& fields, double displacementTime) {
  if (fields.empty()) throw InvalidArgument("pathlines: no fields given");
  const PivField& first = fields.front();
  const std::size_t n = std::size_t(first.columns) * std::size_t(first.rows);
  if (first.columns < 1 || first.rows < 1)
    throw InvalidArgument(FieldName(0) + " has no vectors (" + std::to_string(first.columns) +
                          " x " + std::to_string(first.rows) + ")");
  detail::FlowArrays flow;
  flow.columns = first.columns;
  flow.rows = first.rows;
  flow.fields = int(fields.size());
  for (std::size_t k = 0; k < fields.size(); ++k) {
    const PivField& f = fields[k];
    if (f.columns != first.columns || f.rows != first.rows)
      throw InvalidArgument(FieldName(k) + " is a " + std::to_string(f.columns) + " x " +
                            std::to_string(f.rows) + " grid but field 0 is " +
                            std::to_string(first.columns) + " x " + std::to_string(first.rows));
    if (f.x.size() != n || f.y.size() != n || f.u.size() != n || f.v.size() != n ||
        f.flags.size() != n)
      throw InvalidArgument(FieldName(k) +
                            " needs x, y, u, v and flags of columns x rows = " + std::to_string(n) +
                            " values; it has " + std::to_string(f.u.size()) + " u values");
    if (f.x != first.x || f.y != first.y)
      throw InvalidArgument(FieldName(k) +
                            " has other window centres (x, y) than field 0: the fields of a "
                            "sequence must share one grid");
  }
  flow.originX = first.x[0];
  flow.originY = first.y[0];
  flow.spacingX = first.columns > 1 ? first.x[1] - first.x[0] : 1.f;
  flow.spacingY = first.rows > 1 ? first.y[std::size_t(first.columns)] - first.y[0] : 1.f;
  if (!(flow.spacingX > 0) || !(flow.spacingY > 0))
    throw InvalidArgument(FieldName(0) +
                          " has window centres that do not increase along x and "
                          "y (spacing " +
                          std::to_string(flow.spacingX) + ", " + std::to_string(flow.spacingY) +
                          ")");
  const float scale = float(1.0 / displacementTime);
  flow.u.reserve(n * fields.size());
  flow.v.reserve(n * fields.size());
  flow.blocked.reserve(n * fields.size());
  for (const PivField& f : fields)
    for (std::size_t i = 0; i < n; ++i) {
      const bool outlier = (f.flags[i] & kOutlierFlags) && !(f.flags[i] & Replaced);
      const bool blocked =
          (f.flags[i] & Masked) || outlier || !std::isfinite(f.u[i]) || !std::isfinite(f.v[i]);
      flow.u.push_back(blocked ? 0.f : f.u[i] * scale);
      flow.v.push_back(blocked ? 0.f : f.v[i] * scale);
      flow.blocked.push_back(blocked ? 1 : 0);
    }
  return flow;
}

} // namespace

std::vector<std::array<float, 2>> SeedGrid(const PivField& field, int every) {
  if (every < 1)
    throw InvalidArgument("pathline seed grid: every = " + std::to_string(every) +
                          " must be at least 1");
  const std::size_t n = std::size_t(field.columns) * std::size_t(field.rows);
  if (field.x.size() != n || field.y.size() != n)
    throw InvalidArgument("pathline seed grid: the field needs x and y of columns x rows = " +
                          std::to_string(n) + " values; it has " + std::to_string(field.x.size()));
  std::vector<std::array<float, 2>> seeds;
  for (int j = 0; j < field.rows; j += every)
    for (int i = 0; i < field.columns; i += every) {
      const std::size_t k = std::size_t(j) * field.columns + i;
      seeds.push_back({field.x[k], field.y[k]});
    }
  return seeds;
}

PathlineSet TraceFieldPathlines(const std::vector<PivField>& fields,
                                const std::vector<std::array<float, 2>>& seeds,
                                const PathlineTraceOptions& options) {
  CheckOptions(options);
  const detail::FlowArrays flow = FlowOf(fields, options.displacementTime);
  const detail::Stepping<float> stepping = SteppingOf<float>(fields.size(), options);
  PathlineSet lines;
  lines.seeds = int(seeds.size());
  lines.pointsPerLine = stepping.steps + 1;
  lines.timeStep = options.fieldInterval / options.stepsPerInterval;
  ExecutionScope scope(options, seeds.size());
  lines.backendUsed = ResolveBackend(options.backend);
  detail::MakePivEngine(lines.backendUsed)->trace(flow, seeds, stepping, lines);
  scope.finish(lines.backendUsed, lines.backendUsed == Backend::CUDA ? 1 : 0);
  return lines;
}

PathlineSetDouble TraceGridPathlines(const PathlineGrid& grid,
                                     const std::vector<std::array<double, 2>>& seeds,
                                     const PathlineTraceOptions& options) {
  CheckOptions(options);
  if (grid.u.empty()) throw InvalidArgument("pathlines: no fields given");
  if (grid.columns < 1 || grid.rows < 1)
    throw InvalidArgument("pathlines: field 0 has no points (" + std::to_string(grid.columns) +
                          " x " + std::to_string(grid.rows) + ")");
  if (!(grid.spacingX > 0) || !(grid.spacingY > 0))
    throw InvalidArgument("pathlines: the grid's spacing (" + std::to_string(grid.spacingX) + ", " +
                          std::to_string(grid.spacingY) + ") must be positive");
  const std::size_t n = std::size_t(grid.columns) * std::size_t(grid.rows);
  std::vector<double> u, v;
  u.reserve(n * grid.u.size());
  v.reserve(n * grid.u.size());
  for (std::size_t k = 0; k < grid.u.size(); ++k) {
    if (grid.u[k].size() != n || k >= grid.v.size() || grid.v[k].size() != n)
      throw InvalidArgument(FieldName(k) +
                            " needs u and v of columns x rows = " + std::to_string(n) +
                            " values; it has " + std::to_string(grid.u[k].size()));
    u.insert(u.end(), grid.u[k].begin(), grid.u[k].end());
    v.insert(v.end(), grid.v[k].begin(), grid.v[k].end());
  }
  const double scale = 1.0 / options.displacementTime;
  for (std::size_t i = 0; i < u.size(); ++i) {
    u[i] *= scale;
    v[i] *= scale;
  }
  const detail::FlowGrid<double> flow{grid.columns, grid.rows,     int(grid.u.size()), grid.originX,
                                      grid.originY, grid.spacingX, grid.spacingY,      u.data(),
                                      v.data(),     nullptr};
  const detail::Stepping<double> stepping = SteppingOf<double>(grid.u.size(), options);
  PathlineSetDouble lines;
  lines.pointsPerLine = stepping.steps + 1;
  lines.timeStep = options.fieldInterval / options.stepsPerInterval;
  ExecutionScope scope(options, seeds.size());
  detail::TraceOnCpu(flow, stepping, seeds, lines.x, lines.y, lines.speed, lines.length);
  scope.finish(Backend::CPU);
  return lines;
}

} // namespace cumed::piv
