// The affine stage's kernels on the host: OpenMP over rows for the field, OrderedSums for the
// gradient, every voxel computed by src/AffineKernelMath.h as a CUDA thread computes it.
#include "src/AffineKernels.h"
#include "src/OrderedSumsHost.h"

namespace cumed::registration::detail {

void AffineFieldCpu(const LevelGeometry& g, const AffineFrame& frame, const AffineParameters& a,
                    float* field) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1], nz = g.fixedSize[2];
  const std::int64_t voxels = nx * ny * nz;
#pragma omp parallel for schedule(static)
  for (std::int64_t line = 0; line < nz * ny; ++line)
    for (std::int64_t i = 0; i < nx; ++i)
      AffineFieldVoxel(frame, a, voxels, line * nx + i, i, line % ny, line / ny, field);
}

void AffineGradientCpu(const LevelGeometry& g, const AffineFrame& frame, const float* voxelGradient,
                       double sums[kAffineSums]) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1];
  const std::int64_t voxels = nx * ny * g.fixedSize[2];
  const auto total = OrderedSums<kAffineSums>(voxels, [&](std::int64_t v, double* acc) {
    AddAffineGradientTerms(frame, voxelGradient, voxels, v, v % nx, (v / nx) % ny, v / (nx * ny),
                           acc);
  });
  for (int e = 0; e < kAffineSums; ++e) sums[e] = total[e];
}

} // namespace cumed::registration::detail
