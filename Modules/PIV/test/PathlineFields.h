#pragma once
// Analytic PIV fields for the pathline tests: a regular grid of window centres with u, v from a
// function of the position.
#include "cumed/piv/PivField.h"

namespace cumed::piv::test {

/// columns x rows window centres origin + step * (i, j), u, v = flow(x, y).
template <class Flow>
PivField AnalyticField(int columns, int rows, float origin, int step, Flow flow) {
  PivField field;
  field.resize(columns, rows);
  field.step = step;
  field.windowSize = 2 * step;
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < columns; ++i) {
      const std::size_t k = std::size_t(j) * columns + i;
      field.x[k] = origin + float(step * i);
      field.y[k] = origin + float(step * j);
      flow(field.x[k], field.y[k], field.u[k], field.v[k]);
    }
  return field;
}

} // namespace cumed::piv::test
