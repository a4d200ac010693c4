#pragma once
// The two implementations of the registration's outputs beyond the B-spline field: the affine
// composed into a field, and the moving image resampled through a field (src/OutputMath.h's
// formulas, one voxel each). All pointers in the backend's memory.
#include "src/OutputMath.h"

namespace cumed::registration::detail {

/// u := A(x + u) + t - x on every voxel of the fixed grid (3 floats per voxel, x fastest).
void ComposeAffineCpu(const GridToPhysical& fixed, const double matrix[9], const double offset[3],
                      float* field);
/// warped(x) = moving(x + d(x)), `outsideValue` where the sample leaves the moving image.
void ResampleMovingCpu(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                       const float* movingPixels, const float* field, float outsideValue,
                       float* warped);

/// The same on the device (cuda/OutputsCuda.cu, CUDA builds only); they return once done.
void ComposeAffineCuda(const GridToPhysical& fixed, const double matrix[9], const double offset[3],
                       float* deviceField);
void ResampleMovingCuda(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                        const float* deviceMovingPixels, const float* deviceField,
                        float outsideValue, float* deviceWarped);

} // namespace cumed::registration::detail
