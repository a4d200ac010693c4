#include "cpu/SampledTransformCpu.h"

#include <algorithm>

namespace cumed::registration::detail {
namespace {

/// The voxel's support: the first control point and 4 weights per axis; false outside ITK's
/// valid region (displacement 0 there).
bool Support(const LevelGeometry& g, std::int64_t v, std::int64_t first[3], const float* w[3]) {
  const std::int64_t index[3] = {v % g.fixedSize[0], (v / g.fixedSize[0]) % g.fixedSize[1],
                                 v / (g.fixedSize[0] * g.fixedSize[1])};
  for (int a = 0; a < 3; ++a) {
    first[a] = g.axis[a].start[index[a]];
    if (first[a] < 0) return false;
    w[a] = g.axis[a].weight + 4 * index[a];
  }
  return true;
}

} // namespace

void FieldAtVoxelsCpu(const LevelGeometry& g, const float* coefficients,
                      const std::vector<std::int64_t>& voxels, float* field) {
  const std::int64_t n = g.voxels(), cp = g.controlPoints();
  const std::int64_t gx = g.gridSize[0], gy = g.gridSize[1];
  const std::int64_t m = static_cast<std::int64_t>(voxels.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t s = 0; s < m; ++s) {
    const std::int64_t v = voxels[s];
    std::int64_t f[3];
    const float* w[3];
    float u[3] = {0.0f, 0.0f, 0.0f};
    if (Support(g, v, f, w))
      for (int d = 0; d < 3; ++d) {
        float sum = 0.0f;
        for (int c = 0; c < 4; ++c)
          for (int b = 0; b < 4; ++b) {
            const float* row = coefficients + d * cp + ((f[2] + c) * gy + f[1] + b) * gx + f[0];
            const float wzy = w[2][c] * w[1][b];
            for (int a = 0; a < 4; ++a) sum += wzy * w[0][a] * row[a];
          }
        u[d] = sum;
      }
    for (int d = 0; d < 3; ++d) field[d * n + v] = u[d];
  }
}

void AdjointAtVoxelsCpu(const LevelGeometry& g, const float* voxelGradient,
                        const std::vector<std::int64_t>& voxels, std::vector<double>& accumulator,
                        float* coefficientGradient) {
  const std::int64_t n = g.voxels(), cp = g.controlPoints();
  const std::int64_t gx = g.gridSize[0], gy = g.gridSize[1];
  accumulator.assign(static_cast<std::size_t>(3 * cp), 0.0);
  for (const std::int64_t v : voxels) {
    std::int64_t f[3];
    const float* w[3];
    if (!Support(g, v, f, w)) continue;
    for (int d = 0; d < 3; ++d) {
      const double gv = voxelGradient[d * n + v];
      if (gv == 0.0) continue;
      for (int c = 0; c < 4; ++c)
        for (int b = 0; b < 4; ++b) {
          double* row = accumulator.data() + d * cp + ((f[2] + c) * gy + f[1] + b) * gx + f[0];
          const double wzy = double(w[2][c]) * w[1][b] * gv;
          for (int a = 0; a < 4; ++a) row[a] += wzy * w[0][a];
        }
    }
  }
  std::transform(accumulator.begin(), accumulator.end(), coefficientGradient,
                 [](double x) { return static_cast<float>(x); });
}

} // namespace cumed::registration::detail
