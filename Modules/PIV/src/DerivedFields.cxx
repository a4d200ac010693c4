#include "cumed/piv/DerivedFields.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::piv {

namespace {

/// d(values)/d(index) along one axis at index i of a line of `count` entries `stride` apart,
/// skipping masked neighbours: central, one-sided, or 0.
float Derivative(const std::vector<float>& values, const std::vector<std::uint8_t>& flags, int base,
                 int i, int count, int stride) {
  const auto usable = [&](int j) {
    return j >= 0 && j < count && !(flags[base + j * stride] & Masked);
  };
  const bool before = usable(i - 1), after = usable(i + 1);
  const float here = values[base + i * stride];
  if (before && after)
    return 0.5f * (values[base + (i + 1) * stride] - values[base + (i - 1) * stride]);
  if (after) return values[base + (i + 1) * stride] - here;
  if (before) return here - values[base + (i - 1) * stride];
  return 0.f;
}

} // namespace

void CheckPhysicalUnits(const PhysicalUnits& units) {
  numbers::RequireInRange("timeBetweenFrames", units.timeBetweenFrames, 1e-12, 1e12,
                          "time between the frames of a pair");
  numbers::RequireInRange("pixelSize", units.pixelSize, 1e-12, 1e12, "length per px");
}

DerivedFields ComputeDerivedFields(const PivField& field, const PhysicalUnits& units) {
  CheckPhysicalUnits(units);
  const std::size_t n = std::size_t(field.columns) * std::size_t(field.rows);
  if (field.u.size() != n || field.v.size() != n || field.x.size() != n || field.y.size() != n ||
      field.flags.size() != n || field.step <= 0)
    throw InvalidArgument(
        "PIV: derived fields need x, y, u, v and flags of columns x rows = " + std::to_string(n) +
        " vectors and a positive step; the field has " + std::to_string(field.u.size()) +
        " u values, step " + std::to_string(field.step));
  const float speed = float(units.pixelSize / units.timeBetweenFrames);
  // Derivatives per grid step of px displacements -> 1 / time.
  const float rate = float(1.0 / (field.step * units.timeBetweenFrames));
  DerivedFields d;
  for (auto* array :
       {&d.x, &d.y, &d.velocityU, &d.velocityV, &d.magnitude, &d.vorticity, &d.divergence})
    array->assign(n, 0.f);
  for (int r = 0; r < field.rows; ++r)
    for (int c = 0; c < field.columns; ++c) {
      const int i = r * field.columns + c;
      d.x[i] = float(field.x[i] * units.pixelSize);
      d.y[i] = float(field.y[i] * units.pixelSize);
      if (field.flags[i] & Masked) continue;
      d.velocityU[i] = field.u[i] * speed;
      d.velocityV[i] = field.v[i] * speed;
      d.magnitude[i] = std::hypot(d.velocityU[i], d.velocityV[i]);
      const int row = r * field.columns;
      const float dudx = Derivative(field.u, field.flags, row, c, field.columns, 1);
      const float dvdx = Derivative(field.v, field.flags, row, c, field.columns, 1);
      const float dudy = Derivative(field.u, field.flags, c, r, field.rows, field.columns);
      const float dvdy = Derivative(field.v, field.flags, c, r, field.rows, field.columns);
      d.vorticity[i] = (dvdx - dudy) * rate;
      d.divergence[i] = (dudx + dvdy) * rate;
    }
  // A product of finite inputs that overflows float is refused, never written (NumberRules.h).
  if (numbers::CountNonFinite(field.u) + numbers::CountNonFinite(field.v) == 0) {
    for (const auto* array :
         {&d.x, &d.y, &d.velocityU, &d.velocityV, &d.magnitude, &d.vorticity, &d.divergence})
      if (numbers::CountNonFinite(*array) != 0) {
        const double largest = std::max(numbers::LargestMagnitude(field.u.data(), n),
                                        numbers::LargestMagnitude(field.v.data(), n)) *
                               units.pixelSize / units.timeBetweenFrames;
        throw InvalidArgument(
            "timeBetweenFrames = " + numbers::FormatNumber(units.timeBetweenFrames) +
            " with pixelSize = " + numbers::FormatNumber(units.pixelSize) +
            " makes the derived fields overflow float (largest velocity " +
            numbers::FormatNumber(largest) + ")");
      }
  }
  return d;
}

} // namespace cumed::piv
