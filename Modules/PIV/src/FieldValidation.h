#pragma once
// Validation and replacement of a host vector field (the CPU backend's; ValidateField).
#include "src/VectorValidation.h"

namespace cumed::piv::detail {

/// Flags outliers and replaces them in place: element-wise tests, then the median test against
/// the neighbours that passed them, then `p.iterations` Jacobi sweeps of replacement. Vectors
/// left without a usable neighbour, and masked ones, become zero.
void ValidateArrays(float* u, float* v, const float* peakToPeak, unsigned char* flags, int columns,
                    int rows, const ValidationParameters& p);

} // namespace cumed::piv::detail
