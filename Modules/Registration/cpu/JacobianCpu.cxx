#include "src/JacobianMath.h"

namespace cumed::registration::detail {

void JacobianDeterminantCpu(const FieldShape& f, const float* field, float* jacobian) {
#pragma omp parallel for schedule(static)
  for (std::int64_t z = 0; z < f.size[2]; ++z)
    for (std::int64_t y = 0; y < f.size[1]; ++y)
      for (std::int64_t x = 0; x < f.size[0]; ++x)
        jacobian[x + f.size[0] * (y + f.size[1] * z)] = VoxelJacobianDeterminant(f, field, x, y, z);
}

} // namespace cumed::registration::detail
