// The CPU outputs (src/OutputBackends.h): OpenMP over slices, src/OutputMath.h per voxel.
#include "src/OutputBackends.h"

namespace cumed::registration::detail {

void ComposeAffineCpu(const GridToPhysical& fixed, const double matrix[9], const double offset[3],
                      float* field) {
  const std::int64_t nx = fixed.size[0], ny = fixed.size[1], nz = fixed.size[2];
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < nz; ++k)
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i)
        ComposeAffineVoxel(fixed, matrix, offset, i, j, k, field + 3 * ((k * ny + j) * nx + i));
}

void ResampleMovingCpu(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                       const float* movingPixels, const float* field, float outsideValue,
                       float* warped) {
  const std::int64_t nx = fixed.size[0], ny = fixed.size[1], nz = fixed.size[2];
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < nz; ++k)
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i) {
        const std::int64_t v = (k * ny + j) * nx + i;
        warped[v] = WarpVoxel(fixed, moving, movingPixels, field, i, j, k, v, outsideValue);
      }
}

} // namespace cumed::registration::detail
