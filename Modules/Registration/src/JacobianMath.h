#pragma once
// The Jacobian determinant at one voxel of a dense displacement field, as ITK's
// DisplacementFieldJacobianDeterminantFilter computes it (host and device code): central
// differences along the image's index axes over 2 * spacing, a neighbour outside the image
// replaced by the voxel itself (ITK's zero-flux Neumann condition, so a border derivative is half
// the one-sided difference), no direction applied, det(I + grad u). Doubles throughout.
#include "cumed/core/HostDevice.h"

#include <cstdint>

namespace cumed::registration::detail {

struct FieldShape {
  std::int64_t size[3];
  double halfInverseSpacing[3]; ///< 0.5 / spacing
};

CUMED_HOST_DEVICE float VoxelJacobianDeterminant(const FieldShape& f, const float* field,
                                                 std::int64_t x, std::int64_t y, std::int64_t z) {
  const std::int64_t at[3] = {x, y, z};
  const std::int64_t stride[3] = {1, f.size[0], f.size[0] * f.size[1]};
  const std::int64_t centre = x + stride[1] * y + stride[2] * z;
  double J[3][3];
  for (int i = 0; i < 3; ++i) {
    const std::int64_t next = at[i] + 1 < f.size[i] ? centre + stride[i] : centre;
    const std::int64_t previous = at[i] > 0 ? centre - stride[i] : centre;
    for (int j = 0; j < 3; ++j)
      J[i][j] =
          f.halfInverseSpacing[i] * (double(field[3 * next + j]) - double(field[3 * previous + j]));
    J[i][i] += 1.0;
  }
  return static_cast<float>(J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) -
                            J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                            J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]));
}

/// Writes det for every voxel (x fastest) on the host; OpenMP over slices.
void JacobianDeterminantCpu(const FieldShape& shape, const float* field, float* jacobian);
/// The same on the device (device pointers; one thread per voxel). Only in CUDA builds.
void JacobianDeterminantCuda(const FieldShape& shape, const float* deviceField,
                             float* deviceJacobian);

} // namespace cumed::registration::detail
