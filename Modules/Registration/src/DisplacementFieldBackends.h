#pragma once
// The two implementations of DisplacementField, given the checked grid as plain numbers.
#include "src/BSplineMath.h"

namespace cumed::registration::detail {

/// Writes 3 floats per fixed voxel (x fastest) into host memory; OpenMP over rows.
void DisplacementFieldCpu(const Sampling& sampling, const double* const coefficients[3],
                          float* field);

/// Uploads the coefficients and writes the field into device memory (one thread per voxel).
/// Defined in cuda/DisplacementFieldCuda.cu, only in CUDA builds.
void DisplacementFieldCuda(const Sampling& sampling, const double* const coefficients[3],
                           std::size_t controlPoints, float* deviceField);

} // namespace cumed::registration::detail
