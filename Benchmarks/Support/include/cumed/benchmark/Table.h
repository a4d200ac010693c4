#pragma once
// What every CuMed benchmark program shares: the median of repeated timings and the cells of its
// Markdown tables (milliseconds, ratios), so the tables read the same across modules.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace cumed::benchmark {

/// The median (the upper one for an even count); the values are copied, not reordered.
inline double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

/// Seconds as milliseconds: three decimals under 10 ms, one above; "-" when not measured (< 0).
inline std::string Ms(double seconds) {
  if (seconds < 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, seconds < 0.01 ? "%.3f" : "%.1f", seconds * 1e3);
  return text;
}

/// a / b as "12x" (one decimal under 10x); "-" when either was not measured.
inline std::string Ratio(double a, double b) {
  if (a < 0 || b <= 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, a / b < 10 ? "%.1fx" : "%.0fx", a / b);
  return text;
}

/// a / b with two decimals ("1.37"), for ratios judged against a target such as 1.5; "-" when
/// either was not measured.
inline std::string Over(double a, double b) {
  if (a < 0 || b <= 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", a / b);
  return text;
}

} // namespace cumed::benchmark
