#pragma once
// The two implementations of DisplacementField, given the checked grid as plain numbers.
#include "cumed/registration/BSplineGrid.h"
#include "src/BSplineMath.h"

#include <cstddef>
#include <vector>

namespace cumed::registration::detail {

/// The evaluation of `grid` on the fixed grid `fixed` as plain numbers (ITK's matrices).
Sampling DescribeSampling(const BSplineGrid& grid, const ImageGeometry& fixed);

/// When the fixed grid's axes are the coefficient grid's (the same direction, e.g. a domain made
/// from the fixed image), each axis's support depends on that axis's fixed index alone: the
/// supports of every fixed index along x, then y, then z (size[0] + size[1] + size[2] entries),
/// computed once. Empty otherwise (every voxel computes its own).
std::vector<AxisSupport> SeparableSupports(const Sampling& sampling);

/// Writes 3 floats per fixed voxel (x fastest) into host memory; OpenMP over rows.
void DisplacementFieldCpu(const Sampling& sampling, const std::vector<AxisSupport>& separable,
                          const double* const coefficients[3], float* field);

/// Uploads the coefficients (and the separable supports) and writes the field into device memory
/// (one thread per voxel). Defined in cuda/DisplacementFieldCuda.cu, only in CUDA builds.
void DisplacementFieldCuda(const Sampling& sampling, const std::vector<AxisSupport>& separable,
                           const double* const coefficients[3], std::size_t controlPoints,
                           float* deviceField);

} // namespace cumed::registration::detail
