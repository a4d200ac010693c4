#pragma once
// Quantities derived from a PIV field, in physical units: velocity, its magnitude, vorticity and
// divergence, by finite differences on the window grid (host).
#include "cumed/piv/PivField.h"

#include <vector>

namespace cumed::piv {

struct PhysicalUnits {
  double timeBetweenFrames = 1.0; ///< > 0, e.g. s: velocity = displacement / this
  double pixelSize = 1.0;         ///< > 0, length per px, e.g. mm: positions and displacements
};

/// Per vector, in the field's row-major order. Axes as in the field: x to the right, y down
/// (image rows). Derivatives are central differences between the neighbouring window centres,
/// one-sided at the edges and next to masked vectors; 0 where neither neighbour along an axis
/// is usable, and at masked vectors.
struct DerivedFields {
  std::vector<float> x, y;                 ///< window centres, length units
  std::vector<float> velocityU, velocityV; ///< length / time
  std::vector<float> magnitude;            ///< |velocity|
  /// dV/dx - dU/dy (1 / time). With y down, a flow turning clockwise on the screen is positive.
  std::vector<float> vorticity;
  std::vector<float> divergence; ///< dU/dx + dV/dy (1 / time)
};

/// Throws InvalidArgument naming the unit at fault (not positive or not finite) or a field whose
/// arrays do not match columns x rows.
DerivedFields ComputeDerivedFields(const PivField& field, const PhysicalUnits& units = {});

} // namespace cumed::piv
