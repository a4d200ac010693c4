// The transform kernels on the host: OpenMP over rows, each output element computed by
// src/TransformKernelMath.h exactly as a CUDA thread computes it.
#include "src/TransformKernelMath.h"
#include "src/TransformKernels.h"

#include <cstdint>

namespace cumed::registration::detail {

std::int64_t TransformScratchFloats(const LevelGeometry& g) {
  return XPassFloats(g) + 3 * g.gridSize[2] * g.fixedSize[1] * g.fixedSize[0];
}

void FieldFromCoefficientsCpu(const LevelGeometry& g, const float* coefficients, float* scratch,
                              float* field) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1], nz = g.fixedSize[2];
  const std::int64_t gy = g.gridSize[1], planes = 3 * g.gridSize[2];
  float* t1 = scratch;
  float* t2 = scratch + XPassFloats(g);
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (std::int64_t line = 0; line < planes * gy; ++line)
      for (std::int64_t i = 0; i < nx; ++i)
        t1[line * nx + i] = ForwardX(g, coefficients, line / gy, line % gy, i);
#pragma omp for schedule(static)
    for (std::int64_t line = 0; line < planes * ny; ++line)
      for (std::int64_t i = 0; i < nx; ++i)
        t2[line * nx + i] = ForwardY(g, t1, line / ny, line % ny, i);
#pragma omp for schedule(static)
    for (std::int64_t line = 0; line < 3 * nz * ny; ++line) {
      const std::int64_t c = line / (nz * ny), k = (line / ny) % nz, j = line % ny;
      for (std::int64_t i = 0; i < nx; ++i) field[line * nx + i] = ForwardZ(g, t2, c, k, j, i);
    }
  }
}

void WarpCpu(const LevelGeometry& g, const float* moving, const float* field, float* warped,
             float* gradient, const std::uint8_t* fixedMask, std::uint8_t* counted,
             const std::uint8_t* movingMask) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1], nz = g.fixedSize[2];
#pragma omp parallel for schedule(static)
  for (std::int64_t line = 0; line < nz * ny; ++line)
    for (std::int64_t i = 0; i < nx; ++i)
      WarpVoxel(g, moving, field, line * nx + i, i, line % ny, line / ny, warped, gradient,
                fixedMask, counted, movingMask);
}

void ScaleGradientCpu(const LevelGeometry& g, const float* derivative, float* gradient) {
  const std::int64_t n = g.voxels();
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v)
    for (int c = 0; c < 3; ++c) gradient[c * n + v] *= derivative[v];
}

void AdjointToCoefficientsCpu(const LevelGeometry& g, const float* voxelGradient, float* scratch,
                              float* coefficientGradient) {
  const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1];
  const std::int64_t gx = g.gridSize[0], gy = g.gridSize[1], gz = g.gridSize[2];
  const std::int64_t planes = 3 * gz;
  float* s2 = scratch;
  float* s1 = scratch + XPassFloats(g);
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (std::int64_t line = 0; line < planes * ny; ++line) {
      const std::int64_t c = line / (gz * ny), cz = (line / ny) % gz, j = line % ny;
      for (std::int64_t i = 0; i < nx; ++i)
        s1[line * nx + i] = AdjointZ(g, voxelGradient, c, cz, j, i);
    }
#pragma omp for schedule(static)
    for (std::int64_t line = 0; line < planes * gy; ++line)
      for (std::int64_t i = 0; i < nx; ++i)
        s2[line * nx + i] = AdjointY(g, s1, line / gy, line % gy, i);
#pragma omp for schedule(static)
    for (std::int64_t line = 0; line < planes * gy; ++line)
      for (std::int64_t cx = 0; cx < gx; ++cx)
        coefficientGradient[line * gx + cx] = AdjointX(g, s2, line / gy, line % gy, cx);
  }
}

} // namespace cumed::registration::detail
