#include "src/RegistrationOutputs.h"

#include "cumed/registration/DisplacementField.h"
#include "src/Matrix3.h"

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
  const ImageGeometry& mg = moving.geometry;
  const Matrix3 toPhysical = IndexToPhysical(fixed.direction, fixed.spacing);
  const Matrix3 toMoving = Inverse(IndexToPhysical(mg.direction, mg.spacing));
  Image warped = Image::Allocate(PixelType::Float32, fixed, MemoryLocation::Host);
  float* out = warped.view<float>().data;
  const float* d = totalField.view<float>().data;
  const float* in = moving.pixels.data();
  const std::int64_t nx = fixed.size[0], ny = fixed.size[1], nz = fixed.size[2];
  const std::int64_t size[3] = {static_cast<std::int64_t>(mg.size[0]),
                                static_cast<std::int64_t>(mg.size[1]),
                                static_cast<std::int64_t>(mg.size[2])};
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < nz; ++k)
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i) {
        const std::int64_t v = (k * ny + j) * nx + i;
        double rel[3];
        for (int r = 0; r < 3; ++r)
          rel[r] = fixed.origin[r] + toPhysical[3 * r] * i + toPhysical[3 * r + 1] * j +
                   toPhysical[3 * r + 2] * k + d[3 * v + r] - mg.origin[r];
        double index[3];
        bool inside = true;
        for (int r = 0; r < 3; ++r) {
          index[r] = toMoving[3 * r] * rel[0] + toMoving[3 * r + 1] * rel[1] +
                     toMoving[3 * r + 2] * rel[2];
          inside = inside && index[r] >= -0.5 && index[r] < static_cast<double>(size[r]) - 0.5;
        }
        if (!inside) {
          out[v] = outsideValue;
          continue;
        }
        std::int64_t base[3];
        double t[3];
        for (int r = 0; r < 3; ++r) {
          const double clamped =
              std::fmin(std::fmax(index[r], 0.0), static_cast<double>(size[r] - 1));
          base[r] = std::min<std::int64_t>(static_cast<std::int64_t>(clamped), size[r] - 1);
          t[r] = clamped - static_cast<double>(base[r]);
        }
        double value = 0.0;
        for (int c = 0; c < 2; ++c)
          for (int b = 0; b < 2; ++b)
            for (int a = 0; a < 2; ++a) {
              const double w =
                  (a ? t[0] : 1 - t[0]) * (b ? t[1] : 1 - t[1]) * (c ? t[2] : 1 - t[2]);
              if (w == 0.0) continue;
              const std::int64_t x = std::min(base[0] + a, size[0] - 1);
              const std::int64_t y = std::min(base[1] + b, size[1] - 1);
              const std::int64_t z = std::min(base[2] + c, size[2] - 1);
              value += w * in[(z * size[1] + y) * size[0] + x];
            }
        out[v] = static_cast<float>(value);
      }
  return warped;
}

} // namespace cumed::registration::detail
