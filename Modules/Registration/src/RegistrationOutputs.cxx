#include "src/RegistrationOutputs.h"

#include "cumed/registration/DisplacementField.h"
#include "src/Matrix3.h"
#include "src/MovingSampler.h"

#include <algorithm>
#include <cmath>

namespace cumed::registration::detail {

Image TotalDisplacementField(const BSplineGrid& grid, const AffineTransform& affine,
                             const ImageGeometry& fixed, Backend backend) {
  Image field = DisplacementField(grid, fixed, {backend, MemoryLocation::Host});
  if (affine.isIdentity()) return field;
  const Matrix3 toPhysical = IndexToPhysical(fixed.direction, fixed.spacing);
  const auto& m = affine.matrix;
  float* d = field.view<float>().data;
  const std::int64_t nx = fixed.size[0], ny = fixed.size[1], nz = fixed.size[2];
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < nz; ++k)
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i) {
        float* u = d + 3 * ((k * ny + j) * nx + i);
        double p[3];
        for (int r = 0; r < 3; ++r)
          p[r] = fixed.origin[r] + toPhysical[3 * r] * i + toPhysical[3 * r + 1] * j +
                 toPhysical[3 * r + 2] * k;
        const double q[3] = {p[0] + u[0], p[1] + u[1], p[2] + u[2]};
        for (int r = 0; r < 3; ++r)
          u[r] = static_cast<float>(m[3 * r] * q[0] + m[3 * r + 1] * q[1] + m[3 * r + 2] * q[2] +
                                    affine.offset[r] - p[r]);
      }
  return field;
}

Image ResampleMoving(const LevelImage& moving, const Image& totalField, float outsideValue) {
  const ImageGeometry& fixed = totalField.geometry();
  const Matrix3 toPhysical = IndexToPhysical(fixed.direction, fixed.spacing);
  const MovingSampler sampler(moving);
  Image warped = Image::Allocate(PixelType::Float32, fixed, MemoryLocation::Host);
  float* out = warped.view<float>().data;
  const float* d = totalField.view<float>().data;
  const std::int64_t nx = fixed.size[0], ny = fixed.size[1], nz = fixed.size[2];
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < nz; ++k)
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i) {
        const std::int64_t v = (k * ny + j) * nx + i;
        double point[3];
        for (int r = 0; r < 3; ++r)
          point[r] = fixed.origin[r] + toPhysical[3 * r] * i + toPhysical[3 * r + 1] * j +
                     toPhysical[3 * r + 2] * k + d[3 * v + r];
        double value;
        out[v] = sampler.sample(point, value) ? static_cast<float>(value) : outsideValue;
      }
  return warped;
}

} // namespace cumed::registration::detail
