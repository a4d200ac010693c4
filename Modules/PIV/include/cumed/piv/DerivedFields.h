#pragma once
// Quantities derived from a PIV field, in physical units: velocity, its magnitude, vorticity and
// divergence, by finite differences on the window grid (host).
#include "cumed/piv/PivField.h"

#include <vector>

namespace cumed::piv {

/// Ranges (CheckPhysicalUnits, cumed/core/NumberRules.h): each 1e-12..1e12. That spans
/// picoseconds to ~30000 years and femtometres to a million km per px in any unit, and keeps
/// velocity = displacement (< 1e4 px) x pixelSize / timeBetweenFrames below 1e28, inside float.
struct PhysicalUnits {
  double timeBetweenFrames = 1.0; ///< 1e-12..1e12, e.g. s: velocity = displacement / this
  double pixelSize = 1.0;         ///< 1e-12..1e12, length per px, e.g. mm
};

/// Throws InvalidArgument "timeBetweenFrames = 1e-40 is outside 1e-12..1e+12 (...)" (or
/// pixelSize) for a value that is not finite or out of its range. Programs and the Python
/// module call it with their own spelling of the names (numbers::Respell).
void CheckPhysicalUnits(const PhysicalUnits& units);

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

/// Throws InvalidArgument naming the unit at fault (CheckPhysicalUnits) or a field whose arrays
/// do not match columns x rows. A field without non-finite displacements gives finite outputs
/// or InvalidArgument naming both units and the largest velocity; a field with non-finite
/// displacements carries them into the outputs (countable with numbers::CountNonFinite).
DerivedFields ComputeDerivedFields(const PivField& field, const PhysicalUnits& units = {});

} // namespace cumed::piv
