#include "src/FieldValidation.h"

#include "cumed/core/Error.h"
#include "cumed/piv/Piv.h"

#include <cmath>
#include <string>
#include <vector>

namespace cumed::piv {
namespace detail {

ValidationParameters ParametersOf(const ValidationOptions& options) {
  ValidationParameters p;
  p.medianTest = options.medianTest;
  p.threshold = float(options.medianThreshold);
  p.epsilon = float(options.medianEpsilon);
  p.radius = options.neighbourhoodRadius;
  p.minPeakToPeak = float(options.minPeakToPeak);
  p.minU = float(options.minU);
  p.maxU = float(options.maxU);
  p.minV = float(options.minV);
  p.maxV = float(options.maxV);
  p.replacement = options.replacement;
  p.iterations = options.replacementIterations;
  return p;
}

void ValidateArrays(float* u, float* v, const float* peakToPeak, unsigned char* flags, int columns,
                    int rows, const ValidationParameters& p) {
  const int n = columns * rows;
  for (int i = 0; i < n; ++i) flags[i] = ElementwiseFlags(u[i], v[i], peakToPeak[i], flags[i], p);
  if (p.medianTest) {
    const std::vector<unsigned char> before(flags, flags + n);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) {
        const int i = r * columns + c;
        if (!before[i] && FailsMedianTest(u, v, before.data(), columns, rows, c, r, p))
          flags[i] |= MedianOutlier;
      }
  }
  for (int i = 0; i < n; ++i)
    if (flags[i] & Masked) u[i] = v[i] = 0.f;
  if (p.replacement == Replacement::None) return;

  std::vector<unsigned char> usable(n), nextUsable(n);
  for (int i = 0; i < n; ++i) usable[i] = !(flags[i] & (Masked | kOutlierFlags));
  std::vector<float> nu(u, u + n), nv(v, v + n);
  for (int sweep = 0; sweep < p.iterations; ++sweep) {
    bool changed = false;
    nextUsable = usable;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) {
        const int i = r * columns + c;
        if (usable[i] || (flags[i] & Masked)) continue;
        if (ReplacementAt(u, v, usable.data(), columns, rows, c, r, p, nu[i], nv[i])) {
          nextUsable[i] = 1;
          flags[i] |= Replaced;
          changed = true;
        }
      }
    // Sweeps after the first without change change nothing: the CUDA backend runs them all.
    std::copy(nu.begin(), nu.end(), u);
    std::copy(nv.begin(), nv.end(), v);
    usable.swap(nextUsable);
    if (!changed) break;
  }
  for (int i = 0; i < n; ++i)
    if (!usable[i]) u[i] = v[i] = 0.f;
}

} // namespace detail

namespace {
[[noreturn]] void Refuse(const std::string& field, const std::string& value,
                         const std::string& expected) {
  throw InvalidArgument("PIV: " + field + " = " + value + " is out of range: " + expected);
}
std::string Text(double value) {
  std::string s = std::to_string(value);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}
} // namespace

void CheckOptions(const ValidationOptions& o) {
  if (!(o.medianThreshold > 0) || !std::isfinite(o.medianThreshold))
    Refuse("validation.medianThreshold", Text(o.medianThreshold), "expected a positive number");
  if (!(o.medianEpsilon >= 0) || !std::isfinite(o.medianEpsilon))
    Refuse("validation.medianEpsilon", Text(o.medianEpsilon), "expected >= 0 px");
  if (o.neighbourhoodRadius < 1 || o.neighbourhoodRadius > detail::kMaxNeighbourhoodRadius)
    Refuse("validation.neighbourhoodRadius", std::to_string(o.neighbourhoodRadius),
           "expected 1..3 (3x3 to 7x7 neighbourhoods)");
  if (!(o.minPeakToPeak >= 0) || !std::isfinite(o.minPeakToPeak))
    Refuse("validation.minPeakToPeak", Text(o.minPeakToPeak), "expected >= 0 (0 = off)");
  if (std::isnan(o.minU) || std::isnan(o.maxU) || !(o.minU < o.maxU))
    Refuse("validation.minU/maxU", Text(o.minU) + "/" + Text(o.maxU), "expected minU < maxU");
  if (std::isnan(o.minV) || std::isnan(o.maxV) || !(o.minV < o.maxV))
    Refuse("validation.minV/maxV", Text(o.minV) + "/" + Text(o.maxV), "expected minV < maxV");
  if (o.replacementIterations < 1 || o.replacementIterations > 1000)
    Refuse("validation.replacementIterations", std::to_string(o.replacementIterations),
           "expected 1..1000");
}

void ValidateField(PivField& field, const ValidationOptions& options) {
  CheckOptions(options);
  const std::size_t n = std::size_t(field.columns) * std::size_t(field.rows);
  if (field.u.size() != n || field.v.size() != n || field.peakToPeak.size() != n ||
      field.flags.size() != n)
    throw InvalidArgument(
        "PIV: ValidateField needs u, v, peakToPeak and flags of " + std::to_string(n) +
        " vectors (columns x rows = " + std::to_string(field.columns) + " x " +
        std::to_string(field.rows) + "), but u has " + std::to_string(field.u.size()));
  detail::ValidateArrays(field.u.data(), field.v.data(), field.peakToPeak.data(),
                         field.flags.data(), field.columns, field.rows,
                         detail::ParametersOf(options));
}

} // namespace cumed::piv
