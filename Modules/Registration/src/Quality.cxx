// The end-of-run check (cumed/registration/Quality.h): folding from the Jacobian statistics, and
// the global correlation through the initial and the final transform over the same voxels.
#include "src/Quality.h"

#include "cumed/core/Error.h"
#include "src/Matrix3.h"
#include "src/MovingMask.h"
#include "src/MovingSampler.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace cumed::registration::detail {
namespace {

/// Sums for two correlations sharing the fixed image; values shifted by the images' means so
/// that the sums of squares keep their digits on CT's -1024..3000.
struct Sums {
  double n = 0, f = 0, ff = 0, b = 0, bb = 0, fb = 0, a = 0, aa = 0, fa = 0;
  void add(double fv, double before, double after) {
    n += 1;
    f += fv, ff += fv * fv;
    b += before, bb += before * before, fb += fv * before;
    a += after, aa += after * after, fa += fv * after;
  }
  void add(const Sums& o) {
    n += o.n, f += o.f, ff += o.ff, b += o.b, bb += o.bb, fb += o.fb, a += o.a, aa += o.aa,
        fa += o.fa;
  }
};

/// Pearson's r from sums; false when either side is flat.
bool Correlation(double n, double x, double xx, double y, double yy, double xy, double& r) {
  const double vx = xx - x * x / n, vy = yy - y * y / n;
  if (!(vx > 0.0 && vy > 0.0)) return false;
  r = (xy - x * y / n) / std::sqrt(vx * vy);
  return true;
}

std::string Format(const char* format, double a, double b, double c = 0.0) {
  char text[512];
  std::snprintf(text, sizeof text, format, a, b, c);
  return text;
}

} // namespace

RegistrationQuality AssessQuality(const LevelImage& fixed, const LevelImage& moving,
                                  const Image& totalField, const AffineTransform& initialAffine,
                                  const JacobianStatistics& jacobian,
                                  const std::vector<std::uint8_t>& mask,
                                  const std::vector<std::uint8_t>& movingMask) {
  RegistrationQuality q;
  q.foldedPercent = jacobian.foldedPercent;
  q.folded = jacobian.foldedVoxels > 0;
  if (q.folded)
    q.warnings.push_back(
        "the transform folds: " + std::to_string(jacobian.foldedVoxels) + " of " +
        std::to_string(jacobian.voxels) +
        Format(" voxels (%.3f%%) have a Jacobian determinant <= 0 (minimum %.3g); raise the "
               "bending energy weight, use a coarser grid or a log-Jacobian weight",
               jacobian.foldedPercent, jacobian.minimum));

  const ImageGeometry& g = fixed.geometry;
  const Matrix3 toPhysical = IndexToPhysical(g.direction, g.spacing);
  // Outside the moving mask counts as outside the moving image: both correlations leave out
  // what the registration was told to ignore.
  const MovingSampler sampler(moving, movingMask.empty() ? nullptr : movingMask.data());
  const float* d = totalField.view<float>().data;
  const float* f = fixed.pixels.data();
  const double fShift = Summarize(fixed.pixels).mean, mShift = Summarize(moving.pixels).mean;
  const auto& m = initialAffine.matrix;
  const std::int64_t nx = g.size[0], ny = g.size[1], nz = g.size[2];
  // One partial sum per slice, added in slice order: the same result for any thread count.
  std::vector<Sums> slices(static_cast<std::size_t>(nz));
#pragma omp parallel for schedule(dynamic)
  for (std::int64_t k = 0; k < nz; ++k) {
    Sums s;
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i) {
        const std::int64_t v = (k * ny + j) * nx + i;
        if (!mask.empty() && !mask[v]) continue;
        double p[3], before[3], after[3];
        for (int r = 0; r < 3; ++r)
          p[r] = g.origin[r] + toPhysical[3 * r] * i + toPhysical[3 * r + 1] * j +
                 toPhysical[3 * r + 2] * k;
        for (int r = 0; r < 3; ++r) {
          before[r] =
              m[3 * r] * p[0] + m[3 * r + 1] * p[1] + m[3 * r + 2] * p[2] + initialAffine.offset[r];
          after[r] = p[r] + d[3 * v + r];
        }
        double vb, va;
        if (sampler.sample(before, vb) && sampler.sample(after, va))
          s.add(f[v] - fShift, vb - mShift, va - mShift);
      }
    slices[static_cast<std::size_t>(k)] = s;
  }
  Sums total;
  for (const Sums& s : slices) total.add(s);
  q.voxelsCompared = static_cast<std::size_t>(total.n);
  q.correlationChecked =
      total.n >= 2 &&
      Correlation(total.n, total.f, total.ff, total.b, total.bb, total.fb, q.nccBefore) &&
      Correlation(total.n, total.f, total.ff, total.a, total.aa, total.fa, q.nccAfter);
  if (!q.correlationChecked) q.nccBefore = q.nccAfter = 0.0;
  q.worseThanStart = q.correlationChecked && q.nccAfter < q.nccBefore - kWorseThanStartMargin;
  if (q.worseThanStart)
    q.warnings.push_back(
        Format("the result is worse than the start: the correlation (global NCC) of the fixed "
               "and the warped moving image fell from %.4f to %.4f over %.0f voxels; check the "
               "metric (local NCC suits CT-CT, SSD needs equal intensities) and the settings",
               q.nccBefore, q.nccAfter, total.n));
  return q;
}

} // namespace cumed::registration::detail

namespace cumed::registration {

RegistrationQuality AssessRegistration(const Image& fixed, const Image& moving,
                                       const Image& totalField,
                                       const AffineTransform& initialAffine,
                                       const JacobianStatistics& jacobian, const Image* fixedMask,
                                       const Image* movingMask) {
  const detail::LevelImage f = detail::ToLevelImage(fixed, "fixed");
  const detail::LevelImage m = detail::ToLevelImage(moving, "moving");
  if (totalField.pixelType() != PixelType::Float32 || totalField.components() != 3 ||
      !(totalField.geometry() == f.geometry))
    throw InvalidArgument("AssessRegistration: the field must be Float32 with 3 components on "
                          "the fixed image's geometry");
  std::vector<std::uint8_t> mask;
  if (fixedMask) mask = detail::ToLevelMask(*fixedMask, f.geometry);
  std::vector<std::uint8_t> onMoving;
  if (movingMask) onMoving = detail::ToMovingLevelMask(*movingMask, m.geometry);
  if (totalField.location() == MemoryLocation::Host)
    return detail::AssessQuality(f, m, totalField, initialAffine, jacobian, mask, onMoving);
  const Image hostField = totalField.toHost();
  return detail::AssessQuality(f, m, hostField, initialAffine, jacobian, mask, onMoving);
}

} // namespace cumed::registration
