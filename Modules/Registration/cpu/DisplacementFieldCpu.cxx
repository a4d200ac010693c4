#include "src/DisplacementFieldBackends.h"

#include <cstdint>

namespace cumed::registration::detail {

void DisplacementFieldCpu(const Sampling& s, const std::vector<AxisSupport>& separable,
                          const double* const coefficients[3], float* field) {
  const std::int64_t nx = s.fixedSize[0], ny = s.fixedSize[1], nz = s.fixedSize[2];
  const std::int64_t rows = ny * nz;
  const double *cx = coefficients[0], *cy = coefficients[1], *cz = coefficients[2];
  const AxisSupport* along = separable.empty() ? nullptr : separable.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t j = row % ny, k = row / ny;
    float* out = field + 3 * row * nx;
    for (std::int64_t i = 0; i < nx; ++i)
      WriteVoxelDisplacement(s, along, cx, cy, cz, i, j, k, out + 3 * i);
  }
}

} // namespace cumed::registration::detail
